/**
 * Objects' types, read once and one way (Node's WHATWG MIME parser, `util.MIMEType`): what an
 * upload may store, what a bucket's `allowed_mime_types` compares, what a download answers. The
 * stored type is not ours to trust: members write `storage.objects.metadata` in SQL, so a type
 * such as ' text/html' or 'text/plain\v' must be read as the browser would, or not at all.
 */
import { validateHeaderValue } from 'node:http';
import { MIMEType } from 'node:util';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MAX_LENGTH = 255;

/** A stored string Node sends as a header as it is (no control characters), else undefined. */
export function headerValue(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    validateHeaderValue('x', value);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * `value` as a MIME type (surrounding whitespace trimmed; type, subtype and parameter names
 * lowercased), or undefined when it is none. A value with control characters is none either: the
 * parser would quietly drop such a parameter, and Node would refuse it as a header.
 */
export function parseContentType(value: unknown): MIMEType | undefined {
  const header = headerValue(value);
  if (header === undefined || header.length > MAX_LENGTH) return undefined;
  try {
    return new MIMEType(header.trim());
  } catch {
    return undefined;
  }
}

/** The type a stored object is answered with: its stored type as parsed, or application/octet-stream. */
export const servedType = (stored: unknown): MIMEType => parseContentType(stored) ?? new MIMEType(DEFAULT_CONTENT_TYPE);

/** Inert types a browser only displays: the dashboard previews these inline, and nothing else. */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'text/plain']);

export const previewable = (type: MIMEType): boolean => PREVIEWABLE.has(type.essence);

/** Documents a browser renders as a page that may run script or load more (HTML, XML, SVG, XSL). */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml', 'text/xsl']);

export const rendersAsPage = (type: MIMEType): boolean =>
  PAGE_TYPES.has(type.essence) || type.subtype.endsWith('+xml') || type.type === 'multipart';
