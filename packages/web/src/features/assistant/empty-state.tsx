import { Lightbulb, ShieldAlert, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { ASSISTANT_IDEAS, ASSISTANT_MESSAGES, SNIPPET_IDEAS } from '@basin/core';
import type { Lint } from '@basin/core/schemas';
import { useLintsQuery } from '../../data/advisors/use-lints-query';
import { entityLabel } from '../advisors/lint-groups';

export interface Suggestion {
  label: string;
  prompt: string;
}

const IDEA_PROMPTS: Record<(typeof ASSISTANT_IDEAS)[number], string> = {
  'Create a back-end': 'Help me create a back-end for my app: suggest the tables, their relationships and row level security policies.',
  'Health check': 'Run a health check of my database: look for missing indexes, tables without primary keys and other problems.',
  'Query your data': 'Show me which tables hold data and write a query to explore the most interesting one.',
  'Set up RLS policies': 'Help me set up row level security policies for my tables.',
  'Create a function': 'Help me create a Postgres function for my database.',
  'Generate sample data': 'Generate realistic sample data for my tables.',
};

export const DEFAULT_IDEAS: Suggestion[] = ASSISTANT_IDEAS.map((idea) => ({ label: idea, prompt: IDEA_PROMPTS[idea] }));

const SNIPPET_IDEA_PROMPTS: Record<(typeof SNIPPET_IDEAS)[number], string> = {
  'Explain code': 'Explain what the attached SQL does, step by step.',
  'Improve code': 'Improve the attached SQL: make it faster, safer and easier to read, and explain each change.',
  'Debug issues': 'Find what is wrong with the attached SQL and fix it.',
};

/** The ideas while SQL snippets are attached (spec part 2 §2). */
export const SNIPPET_IDEA_SUGGESTIONS: Suggestion[] = SNIPPET_IDEAS.map((idea) => ({ label: idea, prompt: SNIPPET_IDEA_PROMPTS[idea] }));

function lintSuggestion(lint: Lint): Suggestion {
  const entity = entityLabel(lint);
  return {
    label: entity ? `${lint.title}: ${entity}` : lint.title,
    prompt: `Help me fix this issue the advisors found: ${lint.title}${entity ? ` on ${entity}` : ''}. ${lint.detail}`,
  };
}

/** Spec part 2 §2: lints of level ERROR, split by whether their first category is SECURITY. */
export function lintSuggestions(lints: readonly Lint[]): { performance: Suggestion[]; security: Suggestion[] } {
  const errors = lints.filter((lint) => lint.level === 'ERROR' && !lint.acknowledged);
  return {
    security: errors.filter((lint) => lint.categories[0] === 'SECURITY').map(lintSuggestion),
    performance: errors.filter((lint) => lint.categories[0] !== 'SECURITY').map(lintSuggestion),
  };
}

function SuggestionList({
  title,
  icon,
  items,
  onPick,
}: {
  title: string;
  icon: ReactNode;
  items: Suggestion[];
  onPick: (suggestion: Suggestion) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-subtle uppercase">
        {icon}
        {title}
      </h3>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.label}>
            <button
              type="button"
              onClick={() => onPick(item)}
              className="w-full cursor-pointer rounded-md border border-border px-3 py-2 text-left text-[13px] text-muted transition-colors hover:bg-surface-hover hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'How can I assist you?' (spec part 2 §2): custom suggestions under 'Suggestions', or the
 * project's ERROR lints under 'Improve Performance' / 'Improve Security', then the ideas.
 */
export function EmptyState({
  projectRef,
  suggestions,
  ideas = DEFAULT_IDEAS,
  onPick,
}: {
  projectRef: string;
  suggestions?: Suggestion[];
  ideas?: Suggestion[];
  onPick: (suggestion: Suggestion) => void;
}) {
  const custom = suggestions && suggestions.length > 0;
  const lints = useLintsQuery(custom ? undefined : projectRef);
  const fromLints = lintSuggestions(lints.data ?? []);
  const icon = 'size-3.5';
  return (
    <div className="flex flex-col gap-5 px-5 py-8">
      <h2 className="text-base font-medium">{ASSISTANT_MESSAGES.emptyHeading}</h2>
      {custom ? (
        <SuggestionList title="Suggestions" icon={<Lightbulb className={icon} aria-hidden="true" />} items={suggestions} onPick={onPick} />
      ) : (
        <>
          <SuggestionList
            title="Improve Performance"
            icon={<Zap className={icon} aria-hidden="true" />}
            items={fromLints.performance}
            onPick={onPick}
          />
          <SuggestionList
            title="Improve Security"
            icon={<ShieldAlert className={icon} aria-hidden="true" />}
            items={fromLints.security}
            onPick={onPick}
          />
          <SuggestionList title="Ideas" icon={<Lightbulb className={icon} aria-hidden="true" />} items={ideas} onPick={onPick} />
        </>
      )}
    </div>
  );
}
