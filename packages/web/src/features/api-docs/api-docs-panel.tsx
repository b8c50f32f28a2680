import { useState } from 'react';
import { can } from '@basin/core';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { cn } from '../../ui/cn';
import { Sheet } from '../../ui/sheet';
import { DocsContent } from './docs-content';
import type { DocsLanguage } from './docs-examples';
import { DocsNav } from './docs-nav';
import { visibleDocsSections, type DocsPage } from './docs-sections';
import { useDocsItems } from './use-docs-items';

const LANGUAGES: { id: DocsLanguage; label: string }[] = [
  { id: 'javascript', label: 'Javascript' },
  { id: 'bash', label: 'Bash' },
];

function LanguageToggle({ language, onChange }: { language: DocsLanguage; onChange: (language: DocsLanguage) => void }) {
  return (
    <div role="group" aria-label="Language" className="inline-flex rounded-md border border-border p-0.5">
      {LANGUAGES.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={language === id}
          onClick={() => onChange(id)}
          className={cn(
            'cursor-pointer rounded px-2 py-0.5 text-xs',
            language === id ? 'bg-surface-hover font-medium' : 'text-muted hover:text-foreground',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The API docs side panel (spec part 1 §2): sections the role may read, a page per table, function, bucket and edge function. */
export function ApiDocsPanel({ projectRef }: { projectRef: string }) {
  const role = useProjectRole(projectRef);
  const { data: project } = useProjectQuery(projectRef);
  const sections = visibleDocsSections((permission) => can(role, permission));
  const items = useDocsItems(projectRef, { storage: can(role, 'storage:read'), functions: can(role, 'functions:read') });
  const [page, setPage] = useState<DocsPage>({ section: 'introduction' });
  const [language, setLanguage] = useState<DocsLanguage>('javascript');
  const section = sections.find((candidate) => candidate.id === page.section) ?? sections[0];
  const shown: DocsPage = section?.id === page.section ? page : { section: 'introduction' };
  const url = projectApiOrigin(project?.restUrl);

  return (
    <Sheet.Content title="API Docs" side="right" className="w-[880px] max-w-[95vw]">
      <div className="flex h-full min-h-0">
        <div className="w-52 shrink-0 overflow-y-auto border-r border-border">
          <DocsNav sections={sections} items={items} page={shown} onSelect={setPage} />
        </div>
        <div className="min-w-0 flex-1 overflow-y-auto p-5">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="truncate text-sm font-medium">{shown.item ?? section?.label}</h2>
            <LanguageToggle language={language} onChange={setLanguage} />
          </div>
          <DocsContent page={shown} projectRef={projectRef} url={url} role={role} language={language} items={items} />
        </div>
      </div>
    </Sheet.Content>
  );
}
