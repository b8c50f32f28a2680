/**
 * The stages between the uploaded bytes and COPY: a byte counter that stops a body over the
 * limit, and the mapping of parsed CSV records onto the table's columns (the header checked and
 * dropped, skipped columns left out), which also remembers where each recent row starts in the
 * file and ends in what COPY was sent, so that COPY's "line N" (a line of the text it read, quoted
 * line breaks counted) can be told as the row and the file's line.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { Info } from 'csv-parse';

export class TooLarge extends Error {}

/** Thrown for a record whose fields do not match the mapping. */
export class BadRecord extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly row: number | undefined,
  ) {
    super(message);
  }
}

export function byteLimit(maxBytes: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

/** How many recent rows' lines are kept: far more than can be in flight between here and Postgres. */
const REMEMBERED_ROWS = 1 << 16;

/** Line breaks in a field. */
function breaks(field: string | null): number {
  let count = 0;
  if (field) for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) count++;
  return count;
}

export interface ParsedRecord {
  record: (string | null)[];
  info: Info;
}

export class MappedRecords extends Transform {
  /** Data rows sent on so far. */
  rows = 0;
  #first = true;
  /** The text sent to COPY so far, in lines. */
  #sentLines = 0;
  readonly #starts = new Int32Array(REMEMBERED_ROWS);
  readonly #sentEnds = new Int32Array(REMEMBERED_ROWS);
  readonly #kept: number[];
  readonly #width: number;

  constructor(
    /** Per CSV column: whether it is imported. */
    imported: boolean[],
    private readonly header: boolean,
    private readonly mismatch: (csv: number, mapped: number) => string,
  ) {
    super({ objectMode: true });
    this.#kept = imported.flatMap((on, index) => (on ? [index] : []));
    this.#width = imported.length;
  }

  override _transform({ record, info }: ParsedRecord, _encoding: BufferEncoding, done: TransformCallback): void {
    // info.lines is the line the record ends on; its quoted line breaks tell where it started.
    let line = info.lines;
    for (const field of record) line -= breaks(field);
    const isHeader = this.#first && this.header;
    this.#first = false;
    if (record.length !== this.#width) {
      done(new BadRecord(this.mismatch(record.length, this.#width), line, isHeader ? undefined : this.rows + 1));
      return;
    }
    if (isHeader) {
      done();
      return;
    }
    this.rows++;
    const sent = this.#kept.map((index) => record[index]!);
    for (const field of sent) this.#sentLines += breaks(field);
    this.#sentLines++;
    this.#starts[this.rows % REMEMBERED_ROWS] = line;
    this.#sentEnds[this.rows % REMEMBERED_ROWS] = this.#sentLines;
    done(null, sent);
  }

  /** The data row COPY was reading at its line `copyLine` (it reports a row's last line), while it is remembered. */
  rowAtCopyLine(copyLine: number): number | undefined {
    for (let row = this.rows; row > 0 && row > this.rows - REMEMBERED_ROWS; row--) {
      const end = this.#sentEnds[row % REMEMBERED_ROWS]!;
      if (end === copyLine) return row;
      if (end < copyLine) return undefined;
    }
    return undefined;
  }

  /** The file line where data row `row` started, while it is still remembered. */
  lineOf(row: number): number | undefined {
    return row > 0 && row <= this.rows && row > this.rows - REMEMBERED_ROWS ? this.#starts[row % REMEMBERED_ROWS] : undefined;
  }
}
