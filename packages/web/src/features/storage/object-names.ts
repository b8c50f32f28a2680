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

/** The characters Supabase Storage (and so the server, storage/paths.ts) takes in a name, besides `/`. */
const NAME_CHARACTERS = /^[\w!\-.*'() &$@=;:+,?]+$/;
const NAME_CHARACTERS_PROBLEM = "Only letters, digits, spaces and _ ! - . * ' ( ) & $ @ = ; : + , ? are allowed";
/** The server's limits on a whole name and on each of its segments. */
export const OBJECT_PATH_MAX_LENGTH = 1024;
const SEGMENT_MAX_LENGTH = 255;

/** Why a new folder name cannot be used, if it cannot. */
export function folderNameProblem(name: string, existing: string[]): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a folder name';
  if (trimmed.includes('/')) return 'A folder name cannot hold a /';
  if (trimmed === '.' || trimmed === '..') return 'Choose another name';
  if (!NAME_CHARACTERS.test(trimmed)) return NAME_CHARACTERS_PROBLEM;
  if (existing.includes(trimmed)) return `${trimmed} exists already`;
  return undefined;
}

/**
 * Why a file cannot be moved to `path` (its full name in the bucket, folders separated by `/`),
 * if it cannot: the folder name rules for every segment, the server's lengths, and a new name.
 * Whether the name is free is the server's to say.
 */
export function objectPathProblem(path: string, current: string): string | undefined {
  const trimmed = path.trim();
  if (!trimmed) return 'Enter a path';
  if (trimmed.startsWith('/')) return 'A path cannot start with a /';
  if (trimmed.endsWith('/')) return 'End the path with the file’s name, not a /';
  if (trimmed.length > OBJECT_PATH_MAX_LENGTH) return `A path is at most ${OBJECT_PATH_MAX_LENGTH} characters`;
  const segments = trimmed.split('/');
  if (segments.some((segment) => !segment)) return 'A path cannot hold an empty folder name (//)';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'A path cannot hold . or .. as a name';
  if (segments.some((segment) => segment.length > SEGMENT_MAX_LENGTH))
    return `Each name in a path is at most ${SEGMENT_MAX_LENGTH} characters`;
  if (!segments.every((segment) => NAME_CHARACTERS.test(segment))) return NAME_CHARACTERS_PROBLEM;
  if (trimmed === current) return 'Choose a new path: this is where the file is';
  return undefined;
}

/** The folder a file's full name is in ('' for the root, else 'a/b/'). */
export const folderOfPath = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** Whether the details panel previews the file, and how. */
export function previewKind(mimetype: string | undefined): 'image' | 'text' | undefined {
  if (!mimetype) return undefined;
  if (/^image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/i.test(mimetype)) return 'image';
  if (/^(text\/|application\/(json|xml|javascript|x-ndjson|sql|yaml|x-yaml|toml)\b)/i.test(mimetype)) return 'text';
  return undefined;
}
