import { instanceSettings } from '@basin/core';
import { describe, expect, it } from 'vitest';
import { catalogueMajors, checkCatalogue, majorOfImage, parseImageTag, upgradeProblem } from './images.ts';
import { backupName, clusterName, isDns1035Label, refLabelValue } from './names.ts';
import { computeResources, mebibytes, postgresParameters, storageFor } from './sizing.ts';

describe('Kubernetes names', () => {
  it("are basin-<ref> for the platform's refs, and a folded name with a hash for anything else", () => {
    expect(clusterName('abcdefghijklmnopqrst')).toBe('basin-abcdefghijklmnopqrst');
    for (const ref of ['Upper_Case', '1starts-with-digit', 'x'.repeat(60), 'a--b']) {
      const name = clusterName(ref);
      expect(isDns1035Label(name, 50)).toBe(true);
      expect(name).not.toBe(clusterName(`${ref}2`));
    }
    expect(refLabelValue('abc')).toBe('abc');
    expect(refLabelValue('x'.repeat(70))).toMatch(/^h-[0-9a-f]{40}$/);
    expect(backupName('basin-abc', 'pause', new Date('2026-01-02T03:04:05.678Z'))).toBe('basin-abc-pause-20260102t030405z');
  });
});

describe('the image catalogue', () => {
  it('reads the major and flavour from the tag', () => {
    expect(parseImageTag('ghcr.io/cloudnative-pg/postgresql:17.6-standard-trixie@sha256:abc')).toEqual({
      version: '17.6',
      major: 17,
      flavour: '-standard-trixie',
    });
    expect(parseImageTag('localhost:5000/postgresql')).toBeUndefined();
    expect(parseImageTag('postgresql:latest')).toBeUndefined();
    expect(majorOfImage('x/postgresql:15')).toBe('15');
    expect(catalogueMajors({ '15': 'p:15.14-minimal-trixie', '17': 'p:17-minimal-trixie' })).toEqual([
      { major: '15', version: '15.14' },
      { major: '17', version: '17' },
    ]);
  });

  it('refuses an image under the wrong major, and upgrades only between images of one operating system', () => {
    expect(() => checkCatalogue({ '17': 'p:16-standard-trixie' })).toThrow(/BASIN_K8S_IMAGE_17/);
    expect(upgradeProblem({ '15': 'p:15-standard-trixie', '17': 'p:17-standard-trixie' }, '15')).toBeUndefined();
    expect(upgradeProblem({ '15': 'p:15-standard-bookworm', '17': 'p:17-standard-trixie' }, '15')).toMatch(/same operating system/);
    expect(upgradeProblem({ '15': 'p:15-standard-trixie' }, '15')).toMatch(/No image of a newer Postgres major/);
  });
});

describe('sizing', () => {
  it("gives the compute size's memory and cores as limits, and requests as a fraction of them", () => {
    expect(computeResources('micro', instanceSettings('micro'))).toEqual({
      requests: { cpu: '2', memory: '1024Mi' },
      limits: { cpu: '2', memory: '1024Mi' },
    });
    expect(computeResources('nano', instanceSettings('nano'))).toEqual({
      requests: { cpu: '250m', memory: '512Mi' },
      limits: { cpu: '1', memory: '512Mi' },
    });
    expect(computeResources('large', instanceSettings('large'), 0.1)).toEqual({
      requests: { cpu: '200m', memory: '819Mi' },
      limits: { cpu: '2', memory: '8192Mi' },
    });
    // Never under twice shared_buffers, whatever the fraction.
    expect(computeResources('xlarge', instanceSettings('xlarge'), 0.01).requests.memory).toBe('1024Mi');
  });

  it('passes the instance settings as string parameters, and the disk as the volume', () => {
    expect(postgresParameters(instanceSettings('medium'))).toEqual({
      shared_buffers: '128MB',
      max_connections: '120',
      work_mem: '4MB',
      client_connection_check_interval: '2s',
      wal_level: 'logical',
      max_slot_wal_keep_size: '256MB',
    });
    expect(storageFor({ type: 'io2', size_gb: 100, iops: 5000 }, { gp3: 'a', io2: 'b' })).toEqual({
      size: '100Gi',
      storageClass: 'b',
      resizeInUseVolumes: true,
    });
    expect(storageFor({ type: 'gp3', size_gb: 8, iops: 3000 }, { gp3: undefined, io2: undefined })).toEqual({
      size: '8Gi',
      resizeInUseVolumes: true,
    });
    expect([mebibytes('512kB'), mebibytes('16MB'), mebibytes('1GB'), mebibytes('64')]).toEqual([1, 16, 1024, 64]);
  });
});
