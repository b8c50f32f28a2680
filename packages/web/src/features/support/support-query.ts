import { NO_PROJECT, SUPPORT_CATEGORY_VALUES, type SupportCategory } from '@basin/core';

export interface SupportPrefill {
  slug: string | undefined;
  /** A project ref, or 'no-project'. */
  projectRef: string;
  category: SupportCategory | undefined;
  subject: string;
  message: string;
}

/**
 * What /support/new was opened with (spec part 1 §2): slug, projectRef ('no-project' for none),
 * category, subject, message. The failure screens name the project `ref`; both are read.
 */
export function readSupportQuery(params: URLSearchParams): SupportPrefill {
  const slug = params.get('slug');
  const category = params.get('category');
  return {
    slug: slug && slug !== '_' ? slug : undefined,
    projectRef: params.get('projectRef') || params.get('ref') || NO_PROJECT,
    category: SUPPORT_CATEGORY_VALUES.find((known) => known === category),
    subject: params.get('subject') ?? '',
    message: params.get('message') ?? '',
  };
}
