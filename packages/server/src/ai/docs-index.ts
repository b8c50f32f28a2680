/**
 * The assistant's search_docs tool: a small full-text index (MiniSearch) over Basin's own docs,
 * the README's sections cut into their paragraphs and list items, and the advisors' lint
 * catalogue. Built once, on the first search.
 */
import { LINTS } from '@basin/core';
import MiniSearch from 'minisearch';
import { readFileSync } from 'node:fs';
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

const README = path.resolve(import.meta.dirname, '../../../../README.md');
const HITS = 5;

let index: MiniSearch<DocEntry> | undefined;

export function searchDocs(query: string): DocHit[] {
  index ??= buildIndex(docEntries(readReadme()));
  return index.search(query).slice(0, HITS).map((hit) => ({ title: hit.title as string, text: hit.text as string }));
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

function readReadme(): string {
  try {
    return readFileSync(README, 'utf8');
  } catch {
    return ''; // an install without the repository's README still searches the lints
  }
}

/** The README's pieces (each under its section's heading) and one entry per lint. */
export function docEntries(readme: string): DocEntry[] {
  const entries: DocEntry[] = [];
  const add = (title: string, text: string) => {
    const trimmed = text.trim();
    if (trimmed) entries.push({ id: entries.length, title, text: trimmed });
  };
  for (const section of readmeSections(readme)) for (const piece of pieces(section.body)) add(`README: ${section.title}`, piece);
  for (const [name, lint] of Object.entries(LINTS)) {
    add(`Advisor: ${lint.title} (${name}, ${lint.level.toLowerCase()}, ${lint.category.toLowerCase()})`, `${lint.description} Fix: ${lint.remediation}`);
  }
  return entries;
}

function readmeSections(readme: string): { title: string; body: string }[] {
  const sections: { title: string; body: string }[] = [];
  let current = { title: 'Basin', body: '' };
  for (const line of readme.split('\n')) {
    const heading = /^#{1,3} (.+)$/.exec(line);
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
