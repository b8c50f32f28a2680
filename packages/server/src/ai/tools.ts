/**
 * The assistant's tools (spec part 2 §3, §4). execute_sql and deploy_edge_function have no
 * execute: the dashboard shows them, the member runs them through their own routes (or skips),
 * and answers with the tool's output in the next request. The others run here.
 */
import { DeployEdgeFunctionInput, ExecuteSqlInput } from '@basin/core/schemas';
import { tool } from 'ai';
import { z } from 'zod';
import type { DocHit } from './docs-index.ts';

/** What the server-run tools do, bound to the request's member, project and chat. */
export interface ServerTools {
  listPolicies(schemas: string[] | undefined): Promise<unknown>;
  searchDocs(query: string): DocHit[];
  renameChat(name: string): Promise<string>;
}

export const CLIENT_TOOLS = ['execute_sql', 'deploy_edge_function'] as const;

// Made once: the AI SDK turns each input schema into JSON Schema for the model.
const ListPoliciesInput = z.object({
  schemas: z.array(z.string()).optional().describe('Only these schemas; every schema but the system ones when left out'),
});
const SearchDocsInput = z.object({ query: z.string().min(1).describe('A few keywords') });
const RenameChatInput = z.object({ newName: z.string().describe('The new name, at most 100 characters') });

export function assistantTools(server: ServerTools) {
  return {
    execute_sql: tool({
      description:
        'Propose SQL for the user to run on the project database (they see it and run or skip it). isWriteQuery: true for anything that changes data or schema. label: a short title. chartConfig: view "chart" with xKey and yKey to chart the result.',
      inputSchema: ExecuteSqlInput,
    }),
    deploy_edge_function: tool({
      description:
        'Propose an edge function for the user to deploy: Deno TypeScript code for index.ts (Deno.serve), its name, slug (lowercase letters, digits, - and _) and a short label.',
      inputSchema: DeployEdgeFunctionInput,
    }),
    list_policies: tool({
      description:
        "List the project's row level security policies (schema, table, name, command, roles, using and with check expressions).",
      inputSchema: ListPoliciesInput,
      execute: ({ schemas }) => server.listPolicies(schemas),
    }),
    search_docs: tool({
      description:
        "Search Basin's documentation (its README: data API, auth, storage, edge functions, backups, configuration), the dashboard's help and error texts (opt-in levels, billing, backups, logs...) and the advisors' lint descriptions.",
      inputSchema: SearchDocsInput,
      execute: async ({ query }) => server.searchDocs(query),
    }),
    rename_chat: tool({
      description: 'Rename the current chat to a short name (a few words) saying what it is about.',
      inputSchema: RenameChatInput,
      execute: ({ newName }) => server.renameChat(newName),
    }),
  };
}

export type AssistantTools = ReturnType<typeof assistantTools>;
