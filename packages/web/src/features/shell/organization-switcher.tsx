import { Check, ChevronsUpDown } from 'lucide-react';
import { Link } from 'react-router';
import { orgSlugOrFallback } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useOrganizationsQuery } from '../../data/organizations/use-organizations-query';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Skeleton } from '../../ui/skeleton';

function OrganizationItems({ currentSlug }: { currentSlug: string | undefined }) {
  // Mounted only while the menu is open, so the list is fetched on demand.
  const { data: organizations, isPending } = useOrganizationsQuery();
  if (isPending) return <DropdownMenu.Label>Loading…</DropdownMenu.Label>;
  return (
    <>
      {organizations?.map((organization) => (
        <DropdownMenu.Item key={organization.slug} asChild>
          <Link to={`/org/${organization.slug}`}>
            <span className="flex-1 truncate">{organization.name}</span>
            {organization.slug === currentSlug ? <Check className="size-3.5 text-accent" aria-hidden="true" /> : null}
          </Link>
        </DropdownMenu.Item>
      ))}
      <DropdownMenu.Separator />
      <DropdownMenu.Item asChild>
        <Link to="/organizations">All organizations</Link>
      </DropdownMenu.Item>
    </>
  );
}

/** The organization crumb: a link to the organization, and a menu to switch to another. */
export function OrganizationSwitcher({ slug, organization }: { slug: string | undefined; organization: Organization | undefined }) {
  return (
    <div className="flex min-w-0 items-center gap-0.5">
      <Link to={`/org/${orgSlugOrFallback(slug)}`} className="truncate rounded px-1.5 py-1 text-[13px] font-medium hover:bg-surface-hover">
        {organization ? organization.name : <Skeleton className="h-4 w-24" />}
      </Link>
      <DropdownMenu>
        <DropdownMenu.Trigger
          aria-label="Switch organization"
          className="inline-flex size-6 cursor-pointer items-center justify-center rounded text-muted hover:bg-surface-hover hover:text-foreground"
        >
          <ChevronsUpDown className="size-3.5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="start">
          <DropdownMenu.Label>Organizations</DropdownMenu.Label>
          <OrganizationItems currentSlug={slug} />
        </DropdownMenu.Content>
      </DropdownMenu>
    </div>
  );
}
