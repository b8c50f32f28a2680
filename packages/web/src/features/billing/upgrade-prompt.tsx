import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { upgradePrompt, type UpgradePrompt } from '@basin/core';
import { useFeatureFlag } from '../../data/feature-flags/use-feature-flag';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';

export interface UpgradePromptOptions {
  projectRef: string;
  /** The add-on the prompt is about, as the add-ons page names its panel (e.g. 'pitr'). */
  addon: string;
  /** Whether the project has that add-on already; undefined while that loads (treated as not). */
  hasAddon: boolean | undefined;
  /** Carried as `&source=`, to tell where the member came from. */
  source: string;
}

/**
 * The upgrade prompt's state for this project and member (core's rule, spec part 2 §2, §6): the
 * organization's plan and the member's role, and the subscriptionChangesEnabled feature flag.
 */
export function useUpgradePrompt({ projectRef, addon, hasAddon, source }: UpgradePromptOptions): UpgradePrompt {
  const { data: project } = useProjectQuery(projectRef);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const subscriptionChangesEnabled = useFeatureFlag('subscriptionChangesEnabled', project?.organization_slug);
  return upgradePrompt({
    plan: organization?.plan.id,
    role: organization?.role,
    orgSlug: project?.organization_slug,
    projectRef,
    addon,
    hasAddon: hasAddon ?? false,
    source,
    subscriptionChangesEnabled,
  });
}

/** The prompt's button: a link while it may be followed, else disabled with the reason as its tooltip. */
export function UpgradePromptButton({ prompt, className }: { prompt: UpgradePrompt; className?: string }) {
  if (prompt.enabled) {
    return (
      <Button asChild variant="primary" className={className}>
        <Link to={prompt.href}>{prompt.label}</Link>
      </Button>
    );
  }
  return (
    <Tooltip content={prompt.reason} wrapDisabled>
      <Button variant="primary" className={className} disabled aria-description={prompt.reason ?? undefined}>
        {prompt.label}
      </Button>
    </Tooltip>
  );
}

/** The upgrade banner: what the feature is and why it needs more, with the prompt's button beside it. */
export function UpgradeBanner({
  title,
  children,
  prompt,
  icon,
}: {
  title: string;
  children?: ReactNode;
  prompt: UpgradePrompt;
  icon?: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-border bg-surface p-4">
      <div className="flex min-w-0 flex-1 gap-3">
        {icon ? <div className="mt-0.5 shrink-0 text-muted">{icon}</div> : null}
        <div className="min-w-0">
          <h2 className="text-sm font-medium">{title}</h2>
          {children ? <div className="mt-1 text-[13px] text-muted">{children}</div> : null}
        </div>
      </div>
      <UpgradePromptButton prompt={prompt} />
    </section>
  );
}
