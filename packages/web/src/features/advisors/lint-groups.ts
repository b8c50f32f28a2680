import type { Lint } from '@basin/core/schemas';

export type AdvisorTab = 'ERROR' | 'WARNING' | 'INFO' | 'ACKNOWLEDGED';

export const ADVISOR_TABS: { id: AdvisorTab; label: string; empty?: { title: string; detail: string } }[] = [
  {
    id: 'ERROR',
    label: 'Errors',
    empty: { title: 'No errors detected', detail: 'Congrats! There are no errors detected for this database' },
  },
  {
    id: 'WARNING',
    label: 'Warnings',
    empty: { title: 'No warnings detected', detail: 'Congrats! There are no warnings detected for this database' },
  },
  {
    id: 'INFO',
    label: 'Info',
    empty: { title: 'No suggestions detected', detail: 'Congrats! There are no suggestions for this database' },
  },
  {
    id: 'ACKNOWLEDGED',
    label: 'Acknowledged',
    empty: { title: 'No acknowledged findings', detail: 'Findings you acknowledge are listed here.' },
  },
];

/** Open findings by level; acknowledged ones leave their level for the 'Acknowledged' tab. */
export function groupLints(lints: readonly Lint[]): Record<AdvisorTab, Lint[]> {
  const groups: Record<AdvisorTab, Lint[]> = { ERROR: [], WARNING: [], INFO: [], ACKNOWLEDGED: [] };
  for (const lint of lints) groups[lint.acknowledged ? 'ACKNOWLEDGED' : lint.level].push(lint);
  return groups;
}

/** 'public.orders' for the finding's object, or the entity the platform names. */
export function entityLabel(lint: Lint): string | null {
  const { schema, name, entity } = lint.metadata;
  if (entity) return entity;
  if (schema && name) return `${schema}.${name}`;
  return name ?? null;
}
