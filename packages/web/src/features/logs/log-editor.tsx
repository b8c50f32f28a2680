import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui/skeleton';
import { useTheme } from '../theme/use-theme';

// The SQL editor's CodeMirror, loaded only when a logs page opens (not with the project home).
const CodeEditor = lazy(() => import('../sql-editor/code-editor').then((module) => ({ default: module.CodeEditor })));

/** The query box: the SQL editor's component, Ctrl/Cmd+Enter runs. */
export function LogEditor({ value, onChange, onRun }: { value: string; onChange: (value: string) => void; onRun: () => void }) {
  const { resolved } = useTheme();
  return (
    <Suspense fallback={<Skeleton className="m-3 h-24" />}>
      <CodeEditor value={value} onChange={onChange} onRun={onRun} dark={resolved === 'dark'} />
    </Suspense>
  );
}
