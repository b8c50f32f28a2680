import { NavLink } from 'react-router';
import { cn } from '../../ui/cn';

const PAGES = [
  { path: 'providers', label: 'Providers' },
  { path: 'url-configuration', label: 'URL Configuration' },
  { path: 'templates', label: 'Emails' },
  { path: 'mfa', label: 'Multi-Factor' },
  { path: 'rate-limits', label: 'Rate Limits' },
  { path: 'smtp', label: 'SMTP' },
  { path: 'hooks', label: 'Hooks' },
];

/** Tabs between the authentication settings pages. */
export function AuthSettingsNav({ projectRef }: { projectRef: string }) {
  return (
    <nav aria-label="Authentication settings" className="mb-4 flex gap-1 border-b border-border">
      {PAGES.map((page) => (
        <NavLink
          key={page.path}
          to={`/project/${projectRef}/auth/${page.path}`}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-[13px]',
              isActive ? 'border-accent font-medium' : 'border-transparent text-muted hover:text-foreground',
            )
          }
        >
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
