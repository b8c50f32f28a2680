import type { Suggestion } from './empty-state';

/**
 * The custom suggestions of spec part 2 §2 ('Suggestions' in the empty state): the page the member
 * is on offers its own. Pages without any (the project home, the SQL editor) leave the lints and
 * the ideas.
 */
const PAGES: { path: RegExp; suggestions: Suggestion[] }[] = [
  {
    path: /^\/editor(\/|$)/,
    suggestions: [
      {
        label: 'Design a new table',
        prompt: 'Help me design a new table: its columns, types, primary key, foreign keys and row level security policies.',
      },
      { label: 'Add a column', prompt: 'Help me add a column to one of my tables, with a sensible type, default and constraints.' },
      {
        label: 'Relate two tables',
        prompt: 'Help me add a foreign key between two of my tables, with an index on the referencing column.',
      },
    ],
  },
  {
    path: /^\/auth\/policies(\/|$)/,
    suggestions: [
      {
        label: 'Users see only their own rows',
        prompt: 'Write row level security policies so that signed-in users can read and change only their own rows of a table.',
      },
      {
        label: 'Review my policies',
        prompt: 'List my row level security policies and point out any that are too permissive or slow to evaluate.',
      },
      {
        label: 'Tables without policies',
        prompt: 'Which of my tables have row level security disabled, or enabled without any policy? Suggest policies for them.',
      },
    ],
  },
  {
    path: /^\/database\/functions(\/|$)/,
    suggestions: [
      { label: 'Create a function', prompt: 'Help me write a Postgres function for my database, with a safe search_path.' },
      { label: 'Create a trigger', prompt: 'Help me create a trigger that keeps an updated_at column current on one of my tables.' },
      {
        label: 'Call a function from the API',
        prompt: 'Show me how to write a function I can call through the data API (/rest/v1/rpc) with supabase-js.',
      },
    ],
  },
  {
    path: /^\/database\/indexes(\/|$)/,
    suggestions: [
      {
        label: 'Find missing indexes',
        prompt: 'Which foreign keys and frequently filtered columns of my tables have no index? Write the create index statements.',
      },
      { label: 'Find unused indexes', prompt: 'Which of my indexes are never used or duplicate another one? Explain before dropping any.' },
    ],
  },
  {
    path: /^\/functions(\/|$)/,
    suggestions: [
      { label: 'Create an edge function', prompt: 'Write an edge function that answers JSON, and deploy it.' },
      {
        label: 'Read my database from a function',
        prompt: 'Write an edge function that reads rows from one of my tables with the user’s token, so row level security applies.',
      },
      {
        label: 'Handle a webhook',
        prompt: 'Write an edge function that receives a webhook, checks its secret and stores the payload in a table.',
      },
    ],
  },
  {
    path: /^\/storage(\/|$)/,
    suggestions: [
      {
        label: 'A folder per user',
        prompt:
          'Write storage policies so that each signed-in user can upload, read and delete files only in a folder named after their user id.',
      },
      {
        label: 'Public read, signed-in upload',
        prompt: 'Write storage policies for a bucket that anyone can read and only signed-in users can upload to.',
      },
    ],
  },
];

/** The suggestions of the project page at `pathname`, or undefined for a page without any. */
export function pageSuggestions(pathname: string, projectRef: string): Suggestion[] | undefined {
  const prefix = `/project/${projectRef}`;
  if (!pathname.startsWith(`${prefix}/`)) return undefined;
  const page = pathname.slice(prefix.length);
  return PAGES.find((entry) => entry.path.test(page))?.suggestions;
}
