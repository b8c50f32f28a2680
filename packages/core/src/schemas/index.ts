export * from './common.ts';
export * from './organization.ts';
export * from './profile.ts';
export * from './project.ts';
