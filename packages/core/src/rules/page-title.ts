import { MESSAGES } from '../messages.ts';

export const APP_TITLE = 'Basin';

/** Page title from the page (or table) title, project name, organization name and the app title. */
export function pageTitle(parts: { page?: string; table?: string; project?: string; organization?: string }): string {
  return [parts.table ?? parts.page, parts.project, parts.organization, APP_TITLE].filter(Boolean).join(' | ');
}

export function projectHomeHeading(ref: string, projectName: string | undefined): string {
  return ref === 'default' ? MESSAGES.welcome : (projectName ?? '');
}
