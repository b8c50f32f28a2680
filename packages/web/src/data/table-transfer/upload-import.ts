import type { ImportColumn, TableImportError, TableImportResult } from '@basin/core/schemas';
import { projectApiPath } from '../project-path';

export interface ImportUpload {
  ref: string;
  schema: string;
  table: string;
  /** One entry per CSV column: where it goes, or null to skip it. */
  columns: ImportColumn[];
  delimiter: 'comma' | 'tab';
  /** Create the table from the columns' types first. */
  create: boolean;
  body: Blob | string;
}

/** A refused import: the server's `{ message, line?, row?, column? }` and its status. */
export class ImportRefused extends Error {
  constructor(
    readonly status: number,
    readonly detail: TableImportError,
  ) {
    super(detail.message);
    this.name = 'ImportRefused';
  }
}

function refusal(status: number, text: string): ImportRefused {
  try {
    const body = JSON.parse(text) as TableImportError;
    if (typeof body.message === 'string') return new ImportRefused(status, body);
  } catch {
    // not JSON: said below
  }
  return new ImportRefused(status, { message: status ? `The server answered ${status}` : 'The upload did not reach the server' });
}

/**
 * Sends the CSV as the raw body, streamed by the browser: XMLHttpRequest rather than fetch, since
 * only it tells how much of the upload has gone (`onProgress(sent, total)`).
 */
export function uploadImport(upload: ImportUpload, onProgress: (sent: number, total: number) => void): Promise<TableImportResult> {
  const params = new URLSearchParams({
    schema: upload.schema,
    table: upload.table,
    columns: JSON.stringify(upload.columns),
    delimiter: upload.delimiter,
    create: String(upload.create),
  });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${projectApiPath('platform/projects', upload.ref, '/table-import')}?${params}`);
    request.setRequestHeader('content-type', upload.delimiter === 'tab' ? 'text/tab-separated-values' : 'text/csv');
    request.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    request.onload = () => {
      if (request.status === 200) resolve(JSON.parse(request.responseText) as TableImportResult);
      else reject(refusal(request.status, request.responseText));
    };
    request.onerror = () => reject(refusal(0, ''));
    request.send(upload.body);
  });
}
