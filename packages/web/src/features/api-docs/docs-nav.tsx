import { cn } from '../../ui/cn';
import type { DocsPage, DocsSection, DocsSectionId } from './docs-sections';
import type { DocsItems } from './use-docs-items';

function itemsOf(section: DocsSectionId, items: DocsItems): string[] {
  switch (section) {
    case 'tables':
      return items.tables;
    case 'rpc':
      return items.functions.map((fn) => fn.name);
    case 'storage':
      return items.buckets.map((bucket) => bucket.name);
    case 'edge-functions':
      return items.edgeFunctions.map((fn) => fn.name);
    default:
      return [];
  }
}

function NavButton({ label, active, nested = false, onClick }: { label: string; active: boolean; nested?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'w-full cursor-pointer truncate rounded-md px-2 py-1 text-left text-[13px]',
        nested && 'pl-5 font-mono text-xs',
        active ? 'bg-surface-hover font-medium text-foreground' : 'text-muted hover:bg-surface-muted hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
}

export function DocsNav({
  sections,
  items,
  page,
  onSelect,
}: {
  sections: DocsSection[];
  items: DocsItems;
  page: DocsPage;
  onSelect: (page: DocsPage) => void;
}) {
  return (
    <nav aria-label="API docs" className="flex flex-col gap-0.5 p-2">
      {sections.map((section) => (
        <div key={section.id} className="flex flex-col gap-0.5">
          <NavButton
            label={section.label}
            active={page.section === section.id && !page.item}
            onClick={() => onSelect({ section: section.id })}
          />
          {itemsOf(section.id, items).map((item) => (
            <NavButton
              key={item}
              label={item}
              nested
              active={page.section === section.id && page.item === item}
              onClick={() => onSelect({ section: section.id, item })}
            />
          ))}
        </div>
      ))}
    </nav>
  );
}
