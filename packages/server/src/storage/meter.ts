import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { entityTooLarge } from './errors.ts';

/**
 * Counts and hashes what passes, failing (EntityTooLarge) once more than `maxBytes` did. The count
 * is not called `size` on purpose: @aws-sdk/lib-storage reads a body's `size` as its length.
 */
export class Meter extends Transform {
  bytes = 0;
  readonly hash = createHash('md5');

  constructor(private readonly maxBytes: number) {
    super();
  }

  /** More than the limit came through. */
  get overLimit(): boolean {
    return this.bytes > this.maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(entityTooLarge());
    this.hash.update(chunk);
    done(null, chunk);
  }
}
