/**
 * The JavaScript an HTML page loads up front: module scripts and module preloads, as paths
 * relative to the folder the page is served from. External URLs are skipped (not ours to size).
 */
export function upFrontScripts(html: string): string[] {
  const files: string[] = [];
  for (const [, tag = '', rest = ''] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = parseAttributes(rest);
    const url =
      tag.toLowerCase() === 'script'
        ? attributes.get('type') === 'module' && attributes.get('src')
        : attributes.get('rel') === 'modulepreload' && attributes.get('href');
    if (url && !/^([a-z]+:)?\/\//i.test(url)) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = '', doubleQuoted, singleQuoted, bare] of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attributes.set(name.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return attributes;
}
