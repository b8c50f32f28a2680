import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryOfLine, fieldsBeforeCut, MAX_LINE_BYTES, MAX_TEXT_CHARS, parseLogTimestamp } from './jsonlog.ts';
import { readLines } from './log-files.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const ERROR_LINE = JSON.stringify({
  timestamp: '2026-11-24 12:22:21.199 UTC',
  user: 'postgres',
  dbname: 'postgres',
  pid: 4193,
  error_severity: 'ERROR',
  state_code: '42P01',
  message: 'relation "nope" does not exist',
  statement: 'select * from nope',
  backend_type: 'client backend',
});
const whole = (text: string) => ({ text, bytes: Buffer.byteLength(text), cut: false });

describe('jsonlog lines', () => {
  it('reads an error line: timestamp, severity, code, user, database, statement, message, and the raw JSON', () => {
    expect(entryOfLine(whole(ERROR_LINE), NOW)).toEqual({
      at: new Date('2026-11-24T12:22:21.199Z'),
      severity: 'ERROR',
      errorCode: '42P01',
      userName: 'postgres',
      databaseName: 'postgres',
      query: 'select * from nope',
      message: 'relation "nope" does not exist',
      raw: JSON.parse(ERROR_LINE),
    });
  });

  it('reads a server line without session fields', () => {
    const line =
      '{"timestamp":"2026-11-24 12:22:19.662 UTC","pid":4126,"error_severity":"LOG","message":"database system is ready to accept connections","backend_type":"postmaster"}';
    expect(entryOfLine(whole(line), NOW)).toMatchObject({ severity: 'LOG', errorCode: null, userName: null, query: null });
  });

  it('cuts long texts in the columns and in the raw JSON', () => {
    const line = JSON.stringify({
      timestamp: '2026-11-24 12:22:21 UTC',
      error_severity: 'LOG',
      message: 'x'.repeat(MAX_TEXT_CHARS + 10),
      statement: 'y'.repeat(MAX_TEXT_CHARS * 2),
    });
    const entry = entryOfLine(whole(line), NOW)!;
    expect(entry.message.startsWith('x'.repeat(MAX_TEXT_CHARS))).toBe(true);
    expect(entry.message.length).toBeLessThan(MAX_TEXT_CHARS + 100);
    expect(entry.query!.length).toBeLessThan(MAX_TEXT_CHARS + 100);
    expect((entry.raw.statement as string).length).toBeLessThan(MAX_TEXT_CHARS + 100);
  });

  it('reads the fields of a line cut in the middle of its message', () => {
    const text = ERROR_LINE.slice(0, ERROR_LINE.indexOf('does not') + 4);
    const entry = entryOfLine({ text, bytes: 10_000_000, cut: true }, NOW)!;
    expect(entry).toMatchObject({ severity: 'ERROR', errorCode: '42P01', userName: 'postgres', query: null });
    expect(entry.message).toBe('relation "nope" does… [line of 10000000 bytes cut]');
    expect(entry.raw.basin_line_bytes).toBe(10_000_000);
  });

  it('survives a cut inside an escape', () => {
    expect(fieldsBeforeCut('{"a":1,"message":"quote \\" and \\u00')).toEqual({ a: 1, message: 'quote " and ' });
    expect(fieldsBeforeCut('{"a":true,"b":null,"c":-1.5e3,"d":"x"}')).toEqual({ a: true, b: null, c: -1500, d: 'x' });
  });

  it('skips what is not a jsonlog object, and stands in for a missing timestamp', () => {
    expect(entryOfLine(whole(''), NOW)).toBeUndefined();
    expect(entryOfLine(whole('LOG:  plain stderr text'), NOW)).toBeUndefined();
    expect(entryOfLine(whole('[1,2]'), NOW)).toBeUndefined();
    expect(entryOfLine(whole('{"error_severity":"LOG","message":"m"}'), NOW)!.at).toEqual(NOW);
    expect(parseLogTimestamp('nonsense')).toBeUndefined();
  });
});

describe('reading log files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basin-jsonlog-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads whole lines from an offset and leaves a line still being written', async () => {
    const file = path.join(dir, 'a.json');
    await writeFile(file, 'one\ntwo\nthr');
    expect(await readLines(file, 0, 1 << 20, false)).toEqual({ lines: [whole('one'), whole('two')], end: 8 });
    expect(await readLines(file, 4, 1 << 20, false)).toEqual({ lines: [whole('two')], end: 8 });
    // Once the file is no longer written, its last line counts as it is.
    expect(await readLines(file, 8, 1 << 20, true)).toEqual({ lines: [whole('thr')], end: 11 });
  });

  it('stops after about maxBytes, at the end of a line', async () => {
    const file = path.join(dir, 'b.json');
    await writeFile(file, 'aaaa\nbbbb\ncccc\n');
    expect(await readLines(file, 0, 6, false)).toEqual({ lines: [whole('aaaa'), whole('bbbb')], end: 10 });
  });

  it('keeps the start of a very long line and skips the rest', async () => {
    const file = path.join(dir, 'c.json');
    const long = 'z'.repeat(3 * MAX_LINE_BYTES + 17);
    await writeFile(file, `${long}\nafter\n`);
    const { lines, end } = await readLines(file, 0, 10, false);
    expect(lines).toEqual([{ text: 'z'.repeat(MAX_LINE_BYTES), bytes: long.length, cut: true }]);
    expect(end).toBe(long.length + 1);
    expect((await readLines(file, end, 10, false)).lines).toEqual([whole('after')]);
  });
});
