import { BookOpen } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/button';
import { Sheet } from '../../ui/sheet';

// The panel and its examples load when it first opens, keeping them out of every page's first load.
const ApiDocsPanel = lazy(() => import('./api-docs-panel').then((module) => ({ default: module.ApiDocsPanel })));

/** 'API Docs' in the project top bar. */
export function ApiDocsButton({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A link in the panel (GraphiQL, a Fix page) leads to another page: the panel gets out of its way.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Sheet.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label="API Docs">
          <BookOpen className="size-3.5" aria-hidden="true" />
          <span className="hidden sm:inline">API Docs</span>
        </Button>
      </Sheet.Trigger>
      {open ? (
        <Suspense fallback={null}>
          <ApiDocsPanel projectRef={projectRef} />
        </Suspense>
      ) : null}
    </Sheet>
  );
}
