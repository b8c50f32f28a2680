import type { BannerResource, ResourceLevel } from '@basin/core';

export interface BannerText {
  title: string;
  description: string;
}

interface ResourceTexts {
  warning: BannerText;
  /** The auth email rate limit has no critical text: its limit only ever delays emails. */
  critical?: BannerText;
  action: { label: string; path: string };
  learnMore: string;
}

const COMPUTE_AND_DISK = '/settings/compute-and-disk';
const RESOURCE_DOCS = 'https://www.postgresql.org/docs/current/runtime-config-resource.html';
const DISK_DOCS = 'https://www.postgresql.org/docs/current/disk-full.html';
const READ_ONLY_DOCS = 'https://www.postgresql.org/docs/current/sql-begin.html';

/** Read-only mode is always critical; the platform lifts it at the first sample under 95%. */
const READ_ONLY: BannerText = {
  title: 'Your project is in read-only mode',
  description:
    'More than 95% of its disk is in use, so transactions are read-only. Increase the disk size, or free up space: ' +
    'start a transaction with BEGIN READ WRITE and drop or truncate tables (deleted rows free space only after VACUUM FULL). ' +
    'Writes come back within a minute of usage going down.',
};

/** Banner texts per resource and level (spec part 1 §2 leaves the words to us). */
export const BANNER_TEXTS: Record<BannerResource, ResourceTexts> = {
  read_only: {
    warning: READ_ONLY,
    critical: READ_ONLY,
    action: { label: 'Increase disk size', path: COMPUTE_AND_DISK },
    learnMore: READ_ONLY_DOCS,
  },
  disk_space: {
    warning: {
      title: 'Your project is running out of disk space',
      description: 'More than 80% of the disk is in use. Above 95% the database turns read-only.',
    },
    critical: {
      title: 'Your project is about to run out of disk space',
      description: 'More than 95% of the disk is in use. Increase the disk size before writes are refused.',
    },
    action: { label: 'Increase disk size', path: COMPUTE_AND_DISK },
    learnMore: DISK_DOCS,
  },
  disk_io: {
    warning: {
      title: 'Your project is using most of its disk IO budget',
      description: 'Queries may slow down when the budget runs out. Consider a larger compute size or more IOPS.',
    },
    critical: {
      title: 'Your project has used up its disk IO budget',
      description: 'Disk reads and writes are throttled, so queries are slower. Increase the compute size or the disk IOPS.',
    },
    action: { label: 'Change compute size', path: COMPUTE_AND_DISK },
    learnMore: RESOURCE_DOCS,
  },
  cpu: {
    warning: {
      title: 'Your project is using most of its CPU',
      description: 'Sustained high CPU slows queries down. Consider a larger compute size.',
    },
    critical: {
      title: 'Your project is using all of its CPU',
      description: 'Queries are waiting for CPU time. Increase the compute size to keep up.',
    },
    action: { label: 'Change compute size', path: COMPUTE_AND_DISK },
    learnMore: RESOURCE_DOCS,
  },
  memory: {
    warning: {
      title: 'Your project is using most of its memory',
      description: 'Low memory makes the database read from disk more often. Consider a larger compute size.',
    },
    critical: {
      title: 'Your project is out of memory',
      description: 'The database may drop connections or restart. Increase the compute size.',
    },
    action: { label: 'Change compute size', path: COMPUTE_AND_DISK },
    learnMore: RESOURCE_DOCS,
  },
  auth_email_rate_limit: {
    warning: {
      title: 'Your project has hit its auth email rate limit',
      description: 'Sign-up and password emails are delayed. Set up your own SMTP server to send more.',
    },
    action: { label: 'Set up SMTP', path: '/auth/smtp' },
    learnMore: 'https://nodemailer.com/smtp/',
  },
  multiple: {
    warning: {
      title: 'Your project is running short of several resources',
      description: 'More than one resource is close to its limit. Review the compute size and the disk.',
    },
    critical: {
      title: 'Your project has run out of several resources',
      description: 'More than one resource is at its limit, which slows the project down. Increase the compute size or the disk.',
    },
    action: { label: 'Review compute and disk', path: COMPUTE_AND_DISK },
    learnMore: RESOURCE_DOCS,
  },
};

export function bannerText(resource: BannerResource, level: ResourceLevel): BannerText {
  const texts = BANNER_TEXTS[resource];
  return (level === 'critical' ? texts.critical : undefined) ?? texts.warning;
}
