/**
 * The table editor's import and export on a platform of their own (in this process, so its RSS
 * is this process's): a generated ~100 MB CSV streamed from disk into `/table-import` (rows/s,
 * and the platform's RSS before and at its peak, sampled every 20 ms), then the same table
 * exported as CSV and as SQL (MB/s of the streamed answer, drained as it arrives).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail } from '../../packages/server/test/harness.ts';
import type { TableRow } from './table.ts';

const TARGET_BYTES = Number(process.env.BENCH_CSV_MB ?? 100) * 1024 * 1024;
const RSS_SAMPLE_MS = 20;

/** Rows like a real export: an id, a name with a comma and quotes now and then, a number, a timestamp, some text. */
async function writeCsv(file: string): Promise<number> {
  const out = createWriteStream(file);
  out.write('id,name,amount,created_at,note\n');
  let bytes = 0;
  let rows = 0;
  while (bytes < TARGET_BYTES) {
    rows++;
    const name = rows % 10 === 0 ? `"Customer ""${rows}"", Ltd"` : `customer ${rows}`;
    const line = `${rows},${name},${(rows * 7.31).toFixed(2)},2024-01-01 00:00:${String(rows % 60).padStart(2, '0')}+00,${'lorem ipsum dolor sit amet '.repeat(2)}\n`;
    bytes += line.length;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

/** This process's RSS while `work` runs: before, and the peak. */
async function sampled<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, beforeMb: before / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

function send(
  url: string,
  cookie: string,
  method: string,
  file?: string,
  size?: number,
): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method,
      headers: { cookie, origin: new URL(url).origin, ...(file ? { 'content-type': 'text/csv', 'content-length': String(size) } : {}) },
    });
    request.on('response', (response) => {
      let bytes = 0;
      let text = '';
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text.length < 2000) text += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, text }));
    });
    // An answer before the whole body went (a refusal) ends the upload: the answer says why.
    request.on('error', (error) => setTimeout(() => reject(error), 1_000));
    if (file) createReadStream(file).pipe(request);
    else request.end();
  });
}

export async function tableTransferTimes(): Promise<TableRow[]> {
  const platform = await startTestPlatform();
  const dir = await mkdtemp(path.join(tmpdir(), 'basin-bench-csv-'));
  try {
    const api = new ApiClient(platform.url);
    await api.signUp(uniqueEmail('bench-csv'));
    const slug = (await api.post<{ slug: string }>('/api/platform/organizations', { name: 'Bench CSV' })).body.slug;
    const ref = await healthyProject(api, slug, 'Bench CSV');
    const connection = (await api.get<{ connectionString: string }>(`/api/platform/projects/${ref}`)).body.connectionString;
    await query(connection, 'create table rows (id bigint primary key, name text, amount numeric, created_at timestamptz, note text)');
    const file = path.join(dir, 'rows.csv');
    const rows = await writeCsv(file);
    const size = (await stat(file)).size;
    const mb = size / 2 ** 20;
    const columns = JSON.stringify(['id', 'name', 'amount', 'created_at', 'note'].map((name) => ({ name })));
    const base = `${platform.url}/api/platform/projects/${ref}`;
    const imported = await sampled(() =>
      send(`${base}/table-import?${new URLSearchParams({ schema: 'public', table: 'rows', columns })}`, api.cookie, 'POST', file, size),
    );
    if (imported.result.status !== 200) throw new Error(`import: ${imported.result.status} ${imported.result.text}`);
    const exports = [];
    for (const format of ['csv', 'sql']) {
      const exported = await sampled(() =>
        send(`${base}/table-export?${new URLSearchParams({ schema: 'public', table: 'rows', format })}`, api.cookie, 'GET'),
      );
      if (exported.result.status !== 200) throw new Error(`export ${format}: ${exported.result.status} ${exported.result.text}`);
      exports.push({ format, ...exported });
    }
    const note = `${mb.toFixed(0)} MB CSV, ${rows.toLocaleString('en')} rows, 5 columns, streamed from disk`;
    return [
      [
        'Table import, CSV → COPY',
        `${Math.round(rows / imported.seconds).toLocaleString('en')} rows/s (${(mb / imported.seconds).toFixed(1)} MB/s)`,
        'memory flat',
        `${note}; ${imported.seconds.toFixed(1)} s; platform RSS ${imported.beforeMb.toFixed(0)} MB before, peak ${imported.peakMb.toFixed(0)} MB`,
      ],
      ...exports.map(({ format, result, seconds, beforeMb, peakMb }): TableRow => [
        `Table export, ${format.toUpperCase()}`,
        `${(result.bytes / 2 ** 20 / seconds).toFixed(1)} MB/s`,
        '',
        `${(result.bytes / 2 ** 20).toFixed(0)} MB in ${seconds.toFixed(1)} s; platform RSS ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB`,
      ]),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
    await platform.destroy();
  }
}
