/**
 * Storage: a 200 MB file uploaded and downloaded through `/storage/v1` by the project's host
 * (streamed from and to disk by a plain HTTP client), beside `cp` of the same file, and the
 * platform process's RSS growth while the bytes pass through it (sampled every 20 ms). The bench
 * runs the platform in its own process, so its RSS is this process's. Then an image
 * transformation: a 4 MB JPEG rendered 300 px wide (`/render/image/authenticated/...`), each run
 * on a new version of the object so that no cached variant answers, its time and the platform's
 * CPU time (this process's, libvips' threads included), beside a cached variant's answer.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import type { ProjectAccess } from './project-access.ts';
import type { TableRow } from './table.ts';

const FILE_MB = 200;
const IMAGE_RUNS = 5;
const IMAGE_WIDTH = 300;
const RSS_SAMPLE_MS = 20;
const RSS_BUDGET_MB = 64;

/** Runs `work` while sampling this process's RSS: its time in ms and the largest growth in MB. */
async function measured(work: () => Promise<void>): Promise<{ ms: number; rssGrowthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms: performance.now() - started, rssGrowthMb: (peak - before) / 2 ** 20 };
}

/** One HTTP exchange to the platform with the project's Host: the file `body` streamed up, the answer streamed to the file `into` (or drained). */
function exchange(
  platformUrl: string,
  access: ProjectAccess,
  method: string,
  pathname: string,
  body?: string,
  into?: string,
): Promise<void> {
  const target = new URL(platformUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        method,
        hostname: target.hostname,
        port: target.port,
        path: pathname,
        headers: {
          host: access.apiHost,
          apikey: access.serviceKey,
          authorization: `Bearer ${access.serviceKey}`,
          'content-type': 'application/octet-stream',
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => reject(new Error(`${method} ${pathname}: ${response.statusCode} ${text}`)));
          return;
        }
        if (into) pipeline(response, createWriteStream(into)).then(resolve, reject);
        else response.resume().on('end', resolve).on('error', reject);
      },
    );
    request.on('error', reject);
    if (body) createReadStream(body).pipe(request);
    else request.end();
  });
}

/** A photo-like 4 MB JPEG (noise over a gradient: it compresses like a photograph, poorly). */
async function fourMegabyteJpeg(): Promise<Buffer> {
  const [width, height] = [2560, 1920];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = ((i / 3) % width) / 10 + ((seed >>> 16) & 0x7f);
  }
  for (const quality of [93, 92, 94, 95, 90]) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length >= 3.5e6 && jpeg.length <= 4.5e6) return jpeg;
  }
  throw new Error('could not make a 4 MB JPEG');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The image transformation row: a 4 MB JPEG to 300 px wide, cold (a new version each run), and a cached variant. */
export async function imageTransformTimes(platformUrl: string, access: ProjectAccess, bucket = 'bench-images'): Promise<TableRow> {
  const gateway = `${platformUrl}/api/projects/${access.ref}/gateway/storage/v1`;
  const headers = { apikey: access.serviceKey, authorization: `Bearer ${access.serviceKey}` };
  const created = await fetch(`${gateway}/bucket`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: bucket, public: false }),
  });
  if (created.status !== 200) throw new Error(`create bucket: ${created.status} ${await created.text()}`);
  const jpeg = await fourMegabyteJpeg();
  const render = async () => {
    const response = await fetch(`${gateway}/render/image/authenticated/${bucket}/photo.jpg?width=${IMAGE_WIDTH}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.get('content-type') !== 'image/jpeg') {
      throw new Error(`render: ${response.status} ${body.toString().slice(0, 200)}`);
    }
    return body;
  };
  const times: number[] = [];
  const cpu: number[] = [];
  let output = Buffer.alloc(0);
  for (let run = 0; run < IMAGE_RUNS; run++) {
    const uploaded = await fetch(`${gateway}/object/${bucket}/photo.jpg`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg', 'x-upsert': 'true' },
      body: new Uint8Array(jpeg),
    });
    if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    output = await render();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const { width, height } = await sharp(output).metadata();
  if (width !== IMAGE_WIDTH) throw new Error(`the render is ${width} px wide, not ${IMAGE_WIDTH}`);
  const cachedStarted = performance.now();
  await render();
  const cachedMs = performance.now() - cachedStarted;
  return [
    `Storage: ${(jpeg.length / 1e6).toFixed(1)} MB JPEG → ${IMAGE_WIDTH} px wide (render/image, uncached)`,
    `median ${median(times).toFixed(0)} ms, platform CPU ${median(cpu).toFixed(0)} ms`,
    'hundreds of ms',
    `2560×1920 → ${width}×${height} JPEG (${(output.length / 1000).toFixed(0)} kB), sharp ${sharp.versions.sharp}, median of ${IMAGE_RUNS} (a new version each); cached variant ${cachedMs.toFixed(1)} ms`,
  ];
}

export async function storageTimes(api: ApiClient, platformUrl: string, access: ProjectAccess): Promise<TableRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'basin-bench-storage-'));
  try {
    const source = path.join(dir, 'source.bin');
    // Random-looking bytes (a repeated 1 MB block), written once.
    const block = Buffer.alloc(2 ** 20);
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
    await pipeline(
      (async function* () {
        for (let i = 0; i < FILE_MB; i++) yield block;
      })(),
      createWriteStream(source),
    );
    // The project's file size limit (50 MB unless raised) caps every bucket's.
    const limit = await api.patch(`/api/platform/storage/${access.ref}/settings`, { file_size_limit: FILE_MB * 2 * 2 ** 20 });
    if (limit.status !== 200) throw new Error(`storage settings: ${limit.status} ${JSON.stringify(limit.body)}`);
    const created = await fetch(`${platformUrl}/api/projects/${access.ref}/gateway/storage/v1/bucket`, {
      method: 'POST',
      headers: { apikey: access.serviceKey, authorization: `Bearer ${access.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', public: false, file_size_limit: `${FILE_MB * 2}MB` }),
    });
    if (created.status !== 200) throw new Error(`create bucket: ${created.status} ${await created.text()}`);

    const upload = await measured(() => exchange(platformUrl, access, 'POST', '/storage/v1/object/bench/big.bin', source));
    const copy = path.join(dir, 'download.bin');
    const download = await measured(() => exchange(platformUrl, access, 'GET', '/storage/v1/object/bench/big.bin', undefined, copy));
    if ((await stat(copy)).size !== FILE_MB * 2 ** 20) throw new Error('the download is not the size of the upload');
    const cpStarted = performance.now();
    await promisify(execFile)('cp', [source, path.join(dir, 'cp.bin')]);
    const cpMs = performance.now() - cpStarted;

    const rate = (ms: number) => `${(FILE_MB / (ms / 1000)).toFixed(0)} MB/s`;
    const rss = (mb: number) => `platform RSS +${mb.toFixed(1)} MB during it (≤ ${RSS_BUDGET_MB} MB)`;
    return [
      [
        `Storage: upload of a ${FILE_MB} MB file`,
        `${rate(upload.ms)} (${(upload.ms / 1000).toFixed(2)} s)`,
        `RSS growth < ${RSS_BUDGET_MB} MB`,
        `${rss(upload.rssGrowthMb)}; cp of the same file ${rate(cpMs)}`,
      ],
      [
        `Storage: download of a ${FILE_MB} MB file`,
        `${rate(download.ms)} (${(download.ms / 1000).toFixed(2)} s)`,
        `RSS growth < ${RSS_BUDGET_MB} MB`,
        `${rss(download.rssGrowthMb)}; service_role key, by the project's host`,
      ],
      await imageTransformTimes(platformUrl, access),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
