import { FileCode, FilePlus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTheme } from '../theme/use-theme';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import type { FunctionFile } from './deploy-schema';

/** CodeMirror loads when a files editor first shows, not with the page. */
const FunctionCodeEditor = lazy(() => import('./code-editor'));

export type FileErrors = ({ path?: string; content?: string } | undefined)[];

function nextFileName(files: FunctionFile[]): string {
  for (let n = 1; ; n += 1) {
    const path = n === 1 ? 'lib/helpers.ts' : `lib/helpers-${n}.ts`;
    if (!files.some((file) => file.path === path)) return path;
  }
}

/**
 * A function's files: a list to pick from (the first one is the entrypoint), the picked file's
 * path and its code. Add and remove files; the entrypoint stays.
 */
export function FilesEditor({
  files,
  onChange,
  errors = [],
  rootError,
  readOnly = false,
}: {
  files: FunctionFile[];
  onChange: (files: FunctionFile[]) => void;
  errors?: FileErrors;
  rootError?: string;
  readOnly?: boolean;
}) {
  const id = useId();
  const [active, setActive] = useState(0);
  const { resolved: theme } = useTheme();
  const index = Math.min(active, files.length - 1);
  const file = files[index];
  const change = (at: number, changes: Partial<FunctionFile>) => onChange(files.map((f, i) => (i === at ? { ...f, ...changes } : f)));
  const add = () => {
    onChange([...files, { path: nextFileName(files), content: 'export function helper() {\n  return 42\n}\n' }]);
    setActive(files.length);
  };
  const remove = (at: number) => {
    onChange(files.filter((_, i) => i !== at));
    setActive(Math.max(0, at - 1));
  };
  const pathError = errors[index]?.path;
  const contentError = errors[index]?.content;

  return (
    <div className="flex min-h-[420px] flex-col overflow-hidden rounded-lg border border-border bg-surface md:flex-row">
      <div className="flex shrink-0 flex-col border-b border-border bg-surface-muted md:w-56 md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-3 py-2">
          <span className="text-xs font-medium text-muted">Files</span>
          {readOnly ? null : (
            <Button size="sm" variant="ghost" onClick={add}>
              <FilePlus className="size-3.5" aria-hidden="true" />
              Add file
            </Button>
          )}
        </div>
        <ul aria-label="Files" className="flex flex-col gap-0.5 px-1.5 pb-2">
          {files.map((f, i) => (
            <li key={i}>
              <button
                type="button"
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setActive(i)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-left font-mono text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  i === index ? 'bg-surface-hover text-foreground' : 'text-muted hover:bg-surface-hover hover:text-foreground',
                  (errors[i]?.path || errors[i]?.content) && 'text-danger',
                )}
              >
                <FileCode className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{f.path || 'untitled'}</span>
                {i === 0 ? <span className="ml-auto shrink-0 font-sans text-[10px] text-subtle">entrypoint</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {file ? (
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex flex-col gap-1 border-b border-border px-3 py-2">
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-path`} className="shrink-0 text-xs text-muted">
                {index === 0 ? 'Entrypoint' : 'File'}
              </label>
              <Input
                id={`${id}-path`}
                mono
                value={file.path}
                readOnly={readOnly || Boolean(file.blob)}
                invalid={Boolean(pathError)}
                aria-describedby={pathError ? `${id}-path-error` : undefined}
                onChange={(event) => change(index, { path: event.target.value })}
                className="h-7"
              />
              {readOnly || index === 0 ? null : (
                <Button size="icon" variant="ghost" aria-label={`Remove ${file.path || 'this file'}`} onClick={() => remove(index)}>
                  <Trash2 className="size-3.5" aria-hidden="true" />
                </Button>
              )}
            </div>
            {pathError ? (
              <p id={`${id}-path-error`} role="alert" className="text-xs text-danger">
                {pathError}
              </p>
            ) : null}
          </div>
          <div className="relative min-h-[360px] flex-1">
            {file.blob ? (
              <p className="p-4 text-[13px] text-muted">
                A binary file ({file.blob.size.toLocaleString()} bytes): deployed again as it is.
              </p>
            ) : (
              <Suspense fallback={<Skeleton className="absolute inset-3" />}>
                <div className="absolute inset-0">
                  <FunctionCodeEditor
                    path={file.path}
                    value={file.content}
                    onChange={(content) => change(index, { content })}
                    label={`Code of ${file.path || 'the file'}`}
                    readOnly={readOnly}
                    dark={theme === 'dark'}
                  />
                </div>
              </Suspense>
            )}
          </div>
          {contentError ? (
            <p role="alert" className="border-t border-border px-3 py-1.5 text-xs text-danger">
              {contentError}
            </p>
          ) : null}
        </div>
      ) : null}
      {rootError ? (
        <p role="alert" className="px-3 py-1.5 text-xs text-danger">
          {rootError}
        </p>
      ) : null}
    </div>
  );
}
