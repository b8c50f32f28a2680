/**
 * The assistant's search_docs tool: a small full-text index (MiniSearch) over Basin's own docs,
 * the README's sections cut into their paragraphs and list items, the dashboard's help texts
 * (core's message catalogues, the spec's strings) and the advisors' lint catalogue. Built once,
 * on the first search.
 */
import * as core from '@basin/core';
import { LINTS } from '@basin/core';
import MiniSearch from 'minisearch';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DocEntry {
  id: number;
  title: string;
  text: string;
}

export interface DocHit {
  title: string;
  text: string;
}

const HITS = 5;
/** The repository's root package: its README is the one to index. */
const ROOT_PACKAGE = 'basin';

let index: MiniSearch<DocEntry> | undefined;

export function searchDocs(query: string): DocHit[] {
  index ??= buildIndex(docEntries(readReadme(), helpTexts()));
  return index
    .search(query)
    .slice(0, HITS)
    .map((hit) => ({ title: hit.title as string, text: hit.text as string }));
}

export function buildIndex(entries: DocEntry[]): MiniSearch<DocEntry> {
  const search = new MiniSearch<DocEntry>({
    fields: ['title', 'text'],
    storeFields: ['title', 'text'],
    searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  search.addAll(entries);
  return search;
}

/**
 * The README of the repository Basin runs from: BASIN_README when set, else the first folder up
 * from this file, then from the working directory, that holds the root package (named basin)
 * and a README.md. Whatever the layout (sources, a build output, another working directory).
 */
export function findReadme(
  starts: readonly string[] = [import.meta.dirname, process.cwd()],
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (env.BASIN_README) return existsSync(env.BASIN_README) ? env.BASIN_README : undefined;
  for (const start of starts) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const readme = path.join(dir, 'README.md');
      if (existsSync(readme) && packageName(path.join(dir, 'package.json')) === ROOT_PACKAGE) return readme;
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

function packageName(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

function readReadme(): string {
  const readme = findReadme();
  try {
    return readme ? readFileSync(readme, 'utf8') : '';
  } catch {
    return ''; // an install without the repository's README still searches the help texts and lints
  }
}

/** Names of core's catalogues of user-facing texts, and how a search hit titles them. */
const CATALOGUE = /^(?:([A-Z_]+)_)?MESSAGES$/;

/**
 * The dashboard's help texts: every text of core's message catalogues (`BACKUP_MESSAGES`, ...),
 * templates filled with `{…}`, titled by catalogue and key; the AI opt-in levels and the data
 * privacy dialog.
 */
export function helpTexts(catalogues: Record<string, unknown> = core): DocEntry[] {
  const entries: DocEntry[] = [];
  const add = (title: string, text: string) => entries.push({ id: entries.length, title, text });
  for (const [name, value] of Object.entries(catalogues)) {
    const match = CATALOGUE.exec(name);
    if (!match || !value || typeof value !== 'object') continue;
    const area = match[1] ? capitalized(match[1].toLowerCase().replaceAll('_', ' ')) : 'Dashboard';
    for (const [key, text] of catalogueTexts(value)) add(`Help: ${area} (${key})`, text);
  }
  for (const [level, option] of Object.entries(core.AI_OPT_IN_LEVEL_OPTIONS))
    add(`Help: AI opt-in level ${option.label} (${level})`, option.description);
  core.AI_PRIVACY_PARAGRAPHS.forEach((paragraph) => add('Help: Data privacy and the AI assistant', paragraph));
  return entries;
}

function catalogueTexts(value: object, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, entry] of Object.entries(value)) {
    const name = `${prefix}${words(key)}`;
    if (typeof entry === 'string') out.push([name, entry]);
    else if (typeof entry === 'function') {
      const filled = fillTemplate(entry as (...args: unknown[]) => unknown);
      if (filled) out.push([name, filled]);
    } else if (entry && typeof entry === 'object' && !Array.isArray(entry)) out.push(...catalogueTexts(entry, `${name}, `));
  }
  return out;
}

/** A message template's text with `{…}` for each of its arguments; undefined when it is no text template. */
function fillTemplate(template: (...args: unknown[]) => unknown): string | undefined {
  try {
    const text = template(...Array.from({ length: Math.max(1, template.length) }, () => '{…}'));
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** `noUpdatePermission` → `no update permission`. */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The README's pieces (each under its section's heading), the help texts and one entry per lint. */
export function docEntries(readme: string, help: readonly DocEntry[] = []): DocEntry[] {
  const entries: DocEntry[] = [];
  const add = (title: string, text: string) => {
    const trimmed = text.trim();
    if (trimmed) entries.push({ id: entries.length, title, text: trimmed });
  };
  for (const section of readmeSections(readme)) for (const piece of pieces(section.body)) add(`README: ${section.title}`, piece);
  for (const entry of help) add(entry.title, entry.text);
  for (const [name, lint] of Object.entries(LINTS)) {
    add(
      `Advisor: ${lint.title} (${name}, ${lint.level.toLowerCase()}, ${lint.category.toLowerCase()})`,
      `${lint.description} Fix: ${lint.remediation}`,
    );
  }
  return entries;
}

function readmeSections(readme: string): { title: string; body: string }[] {
  const sections: { title: string; body: string }[] = [];
  let current = { title: 'Basin', body: '' };
  let inCode = false;
  for (const line of readme.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    // A shell comment in a code block is no heading.
    const heading = inCode ? null : /^#{1,3} (.+)$/.exec(line);
    if (heading) {
      sections.push(current);
      current = { title: heading[1]!.trim(), body: '' };
    } else current.body += `${line}\n`;
  }
  sections.push(current);
  return sections;
}

/** Paragraphs, code blocks, table rows and top-level list items (with their continuation lines). */
function pieces(body: string): string[] {
  const out: string[] = [];
  let piece: string[] = [];
  let inCode = false;
  const flush = () => {
    if (piece.length) out.push(piece.join('\n'));
    piece = [];
  };
  for (const line of body.split('\n')) {
    if (line.startsWith('```')) {
      if (!inCode) flush();
      piece.push(line);
      inCode = !inCode;
      if (!inCode) flush();
      continue;
    }
    if (inCode) piece.push(line);
    else if (!line.trim()) flush();
    else if (line.startsWith('|')) {
      // A table row (the Configuration table) is a piece of its own; the header's rule is not.
      flush();
      if (!/^\|[-| ]+\|$/.test(line)) out.push(line);
    } else {
      if (line.startsWith('- ')) flush();
      piece.push(line);
    }
  }
  flush();
  return out;
}
