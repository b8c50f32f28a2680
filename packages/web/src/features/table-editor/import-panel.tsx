import { Upload } from 'lucide-react';
import { IMPORT_COLUMN_TYPES, type ImportColumnType, type PgTable } from '@basin/core/schemas';
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import { type DragEvent, useState } from 'react';
import { useImportMutation } from '../../data/table-transfer/use-import-mutation';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Sheet } from '../../ui/sheet';
import { Textarea } from '../../ui/textarea';
import { type CsvPreview, PREVIEW_BYTES, previewCsv } from './csv-preview';
import { importColumns, initialMapping, newColumnNames } from './import-mapping';

interface ImportPanelProps {
  projectRef: string;
  schema: string;
  /** The table to import into; none to create a new table from the CSV. */
  target?: PgTable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful import (into `table`). */
  onImported?: (table: string) => void;
}

/** The "Import data" side panel: a CSV file (picked or dropped) or pasted text, its preview, the column mapping, the upload. */
export function ImportPanel({ open, onOpenChange, target, ...rest }: ImportPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {open ? (
        <Sheet.Content side="right" title={target ? `Import data into ${target.name}` : 'Create a table from a CSV'} className="w-[44rem]">
          <ImportForm target={target} onClose={() => onOpenChange(false)} {...rest} />
        </Sheet.Content>
      ) : null}
    </Sheet>
  );
}

interface Source {
  body: Blob | string;
  preview: CsvPreview;
}

const SELECT = 'h-7 w-full rounded-md border border-border-strong bg-surface px-1.5 text-xs';

function ImportForm({
  projectRef,
  schema,
  target,
  onClose,
  onImported,
}: Omit<ImportPanelProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [source, setSource] = useState<Source | null>(null);
  const [pasted, setPasted] = useState('');
  const [targets, setTargets] = useState<(string | null)[]>([]);
  const [types, setTypes] = useState<ImportColumnType[]>([]);
  const [tableName, setTableName] = useState('');
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const upload = useImportMutation((sent, total) => setProgress({ sent, total }));
  const tableColumns = (target?.columns ?? []).map((column) => column.name);

  function choose(body: Blob | string, text: string) {
    const preview = previewCsv(text);
    setSource({ body, preview });
    setTargets(target ? initialMapping(preview.headers, tableColumns) : newColumnNames(preview.headers));
    setTypes(preview.types);
    upload.reset();
  }
  async function pick(file: File | undefined) {
    if (file) choose(file, await file.slice(0, PREVIEW_BYTES).text());
  }
  function drop(event: DragEvent) {
    event.preventDefault();
    void pick(event.dataTransfer.files[0]);
  }
  const table = target?.name ?? tableName.trim();
  const ready = source && table && targets.some(Boolean) && !upload.isPending;

  function submit() {
    if (!source || !table) return;
    setProgress(null);
    upload.mutate(
      {
        ref: projectRef,
        schema,
        table,
        columns: importColumns(targets, target ? undefined : types),
        delimiter: source.preview.delimiter,
        create: !target,
        body: source.body,
      },
      {
        onSuccess: ({ rows }) => {
          toast.success(TABLE_TRANSFER_MESSAGES.imported(rows));
          onImported?.(table);
          onClose();
        },
      },
    );
  }
  const failure = upload.error?.detail;
  const badRow = failure?.row;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4 text-[13px]">
      <label
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        className="flex cursor-pointer flex-col items-center gap-1 rounded-md border border-dashed border-border-strong p-4 text-muted hover:bg-surface-hover"
      >
        <Upload className="size-4" aria-hidden="true" />
        Drop a CSV file here, or click to pick one
        <input
          type="file"
          accept=".csv,.tsv,text/csv,text/tab-separated-values"
          aria-label="CSV file"
          className="sr-only"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </label>
      <div className="flex flex-col gap-2">
        <Textarea
          aria-label="Pasted rows"
          placeholder="…or paste rows from a spreadsheet (the first row names the columns)"
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          rows={3}
        />
        <Button size="sm" className="self-start" disabled={!pasted.trim()} onClick={() => choose(pasted, pasted)}>
          Use pasted rows
        </Button>
      </div>

      {source ? (
        <>
          {target ? null : (
            <label className="flex flex-col gap-1">
              <span className="text-xs font-medium">Name of the new table</span>
              <Input aria-label="Table name" value={tableName} onChange={(event) => setTableName(event.target.value)} mono />
            </label>
          )}
          <div className="overflow-x-auto rounded-md border border-border">
            <table aria-label="Preview" className="w-full text-xs">
              <thead className="bg-surface-muted">
                <tr>
                  {source.preview.headers.map((header, index) => (
                    <th key={index} className="px-2 py-1 text-left align-top font-medium">
                      <div className="font-mono">{header}</div>
                      <div className="font-normal text-muted">{source.preview.types[index]}</div>
                    </th>
                  ))}
                </tr>
                <tr>
                  {source.preview.headers.map((header, index) => (
                    <th key={index} className="px-2 py-1 text-left font-normal">
                      {target ? (
                        <select
                          aria-label={`Column for ${header}`}
                          className={SELECT}
                          value={targets[index] ?? ''}
                          onChange={(event) => setTargets(targets.with(index, event.target.value || null))}
                        >
                          <option value="">Skip</option>
                          {tableColumns.map((column) => (
                            <option key={column}>{column}</option>
                          ))}
                        </select>
                      ) : (
                        <div className="flex flex-col gap-1">
                          <Input
                            aria-label={`Name for ${header}`}
                            className="h-7"
                            value={targets[index] ?? ''}
                            onChange={(event) => setTargets(targets.with(index, event.target.value || null))}
                          />
                          <select
                            aria-label={`Type for ${header}`}
                            className={SELECT}
                            value={types[index]}
                            onChange={(event) => setTypes(types.with(index, event.target.value as ImportColumnType))}
                          >
                            {IMPORT_COLUMN_TYPES.map((type) => (
                              <option key={type}>{type}</option>
                            ))}
                          </select>
                        </div>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {source.preview.rows.map((row, rowIndex) => (
                  <tr key={rowIndex} className={cn('border-t border-border', badRow === rowIndex + 1 && 'bg-danger/10')}>
                    {source.preview.headers.map((_, index) => (
                      <td key={index} className="max-w-40 truncate px-2 py-1 font-mono">
                        {row[index] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted">{`Showing the first ${source.preview.rows.length} rows. Every row of the file is imported, or none.`}</p>
        </>
      ) : null}

      {failure ? (
        <Alert tone="danger" title={failureTitle(failure)}>
          {failure.message}
        </Alert>
      ) : null}
      {progress && upload.isPending ? (
        <label className="flex items-center gap-2 text-xs text-muted">
          Uploading
          <progress aria-label="Upload progress" max={progress.total || 1} value={progress.sent} className="flex-1" />
          <span>{`${Math.round((progress.sent / (progress.total || 1)) * 100)}%`}</span>
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" disabled={!ready} onClick={submit}>
          {upload.isPending ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </div>
  );
}

function failureTitle({ line, row, column }: { line?: number; row?: number; column?: string }): string {
  const where = [line !== undefined && `line ${line}`, row !== undefined && `row ${row}`, column && `column ${column}`]
    .filter(Boolean)
    .join(', ');
  return where ? `Nothing was imported: ${where}` : 'Nothing was imported';
}
