import { SAFE_LINK_SCHEMES } from '@basin/core';

/** What a link in the assistant's text may do: open after the user confirms, or nothing at all. */
export type LinkTarget = { kind: 'relative'; href: string } | { kind: 'external'; href: string } | { kind: 'blocked' };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Spec part 2 §2: a link is followed only if its scheme is one of SAFE_LINK_SCHEMES or it is
 * relative. Control characters and spaces browsers ignore inside a scheme (`java\tscript:`) are
 * removed before the scheme is read, so they cannot hide one.
 */
export function linkTarget(raw: string | undefined | null): LinkTarget {
  const href = (raw ?? '').trim();
  if (!href) return { kind: 'blocked' };
  // eslint-disable-next-line no-control-regex
  const squeezed = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = SCHEME.exec(squeezed)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // `//host/path` keeps the page's scheme (http or https): an external link.
    return squeezed.startsWith('//') ? { kind: 'external', href } : { kind: 'relative', href };
  }
  return (SAFE_LINK_SCHEMES as readonly string[]).includes(scheme) ? { kind: 'external', href } : { kind: 'blocked' };
}
