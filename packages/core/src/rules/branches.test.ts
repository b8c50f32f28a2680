import { describe, expect, it } from 'vitest';
import {
  BRANCH_MESSAGES,
  branchComputeSize,
  branchCreationMinutes,
  branchDiskEstimateGb,
  branchHourlyPrice,
  branchNameError,
  gitBranchError,
  gitBranchNotFoundMessage,
} from './branches.ts';

describe('branch name rules', () => {
  it('rejects empty, odd characters and taken names with the spec messages', () => {
    expect(branchNameError('  ', [])).toBe('Branch name cannot be empty');
    expect(branchNameError('feat/x', [])).toBe('Branch name can only contain alphanumeric characters, hyphens, and underscores.');
    expect(branchNameError('dev', ['dev'])).toBe('A branch with this name already exists');
    expect(branchNameError('feature_1-a', ['dev'])).toBeNull();
  });

  it('requires a git branch only with GitHub connected and gitless branching off', () => {
    expect(gitBranchError('', { githubConnected: true, gitlessBranching: false })).toBe(BRANCH_MESSAGES.gitBranchRequired);
    expect(gitBranchError('', { githubConnected: true, gitlessBranching: true })).toBeNull();
    expect(gitBranchError('', { githubConnected: false, gitlessBranching: false })).toBeNull();
    expect(gitBranchError('main', { githubConnected: true, gitlessBranching: false })).toBeNull();
    expect(gitBranchNotFoundMessage('x', 'o', 'r')).toBe('Unable to find branch "x" in o/r');
  });
});

describe('branch sizing', () => {
  it('maps disk GB to a tier at the bounds, and a compute add-on overrides it', () => {
    expect(branchComputeSize(10)).toBe('micro');
    expect(branchComputeSize(10.5)).toBe('small');
    expect(branchComputeSize(100)).toBe('medium');
    expect(branchComputeSize(10000)).toBe('16xlarge');
    expect(branchComputeSize(10001)).toBe('24xlarge');
    expect(branchComputeSize(5, 'large')).toBe('large');
  });

  it('estimates disk, time and price', () => {
    expect(branchDiskEstimateGb(8)).toBe(12);
    expect(branchCreationMinutes(0)).toBe(3);
    expect(branchCreationMinutes(21000)).toBeCloseTo(723);
    expect(branchHourlyPrice({ withData: false, diskGb: 300 })).toEqual({ size: 'micro', hourlyUsd: 0.01344 });
    expect(branchHourlyPrice({ withData: true, diskGb: 300 })).toEqual({ size: 'xlarge', hourlyUsd: 0.2877 });
  });
});
