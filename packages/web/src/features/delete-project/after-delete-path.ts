import { lastOrganizationSetting } from '../../lib/settings';

/** Where the dashboard goes after a deletion: the last visited organization page, else /organizations. */
export function afterDeletePath(): string {
  const slug = lastOrganizationSetting.get();
  return slug ? `/org/${encodeURIComponent(slug)}` : '/organizations';
}
