import { EMPTY_FOLDER_PLACEHOLDER, type StorageObject } from '@basin/core/schemas';

/** A folder path as the URL keeps it: '' for the root, else 'a/b/' (always a trailing slash). */
export function folderOf(param: string | null): string {
  const clean = (param ?? '').split('/').filter(Boolean).join('/');
  return clean ? `${clean}/` : '';
}

/** The breadcrumbs of a folder: each with the folder path it opens. */
export function crumbsOf(folder: string): { name: string; path: string }[] {
  const parts = folder.split('/').filter(Boolean);
  return parts.map((name, index) => ({ name, path: `${parts.slice(0, index + 1).join('/')}/` }));
}

export const isFolder = (entry: StorageObject) => entry.id === null;

/** What the browser shows of a folder: folders, then files, without the placeholders that keep empty folders. */
export const visibleEntries = (entries: StorageObject[]) => entries.filter((entry) => entry.name !== EMPTY_FOLDER_PLACEHOLDER);

/** Why a new folder name cannot be used, if it cannot. */
export function folderNameProblem(name: string, existing: string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a folder name';
  if (trimmed.includes('/')) return 'A folder name cannot hold a /';
  if (trimmed === '.' || trimmed === '..') return 'Choose another name';
  if (!/^[\w!\-.*'() &$@=;:+,?]+$/.test(trimmed)) return "Only letters, digits, spaces and _ ! - . * ' ( ) & $ @ = ; : + , ? are allowed";
  if (existing.includes(trimmed)) return `${trimmed} exists already`;
  return undefined;
}

/** Whether the details panel previews the file, and how. */
export function previewKind(mimetype: string | undefined): 'image' | 'text' | undefined {
  if (!mimetype) return undefined;
  if (/^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/i.test(mimetype)) return 'image';
  if (/^(text\/|application\/(json|xml|javascript|x-ndjson|sql|yaml|x-yaml|toml)\b)/i.test(mimetype)) return 'text';
  return undefined;
}
