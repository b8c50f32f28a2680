/** What the AI assistant says (spec part 2 §2, §4, §6, §8); the spec's strings exactly. */
export const ASSISTANT_MESSAGES = {
  emptyHeading: 'How can I assist you?',
  placeholderFirst: 'Chat to Postgres...',
  placeholderFollowUp: 'Ask a follow up question...',
  placeholderSnippets: 'Ask a question or make a change...',
  feedbackPlaceholder: 'Describe why the response was not helpful...',
  feedbackThanks: 'We appreciate your feedback!',
  verifyLink: 'Verify the link before navigating',
  chartNeedsAxes: 'Select columns for the X and Y axes',
  resultError: (text: string) => `ERROR: ${text}`,
  disabled: 'Assistant has been temporarily disabled',
  writingSql: 'Writing SQL...',
  sqlFailed: 'Failed to execute SQL.',
  confirmQuery: 'Assistant wants to run this query',
  writingFunction: 'Writing Edge Function...',
  functionFailed: 'Failed to deploy Edge Function.',
  skippedQuery: 'User skipped running the query',
  queryError: (message: string) => `Error: ${message}`,
  chatRenamed: 'Chat renamed',
  renameFailed: 'Failed to rename chat: Invalid chat or name',
  messageDeleted: 'Message deleted successfully',
  contextTooLong: 'This conversation has become too long for the Assistant to process. Please start a new chat to continue.',
  genericError:
    "Sorry, I'm having trouble responding right now. If the error persists while retrying, you may try creating a new chat and try again.",
  panelCrashed: 'Something went wrong with the AI Assistant',
  clearAndRefresh: 'Clear messages and refresh',
  noApiKey: 'Add your OPENAI_API_KEY to your environment variables to use the AI Assistant.',
  noConnection: 'Unable to find a database connection to execute this query.',
  deployFailed: (message = 'Unknown error') => `Failed to deploy function: ${message}`,
  deployed: 'Successfully deployed edge function',
  rateFailed: (message: string) => `Failed to rate message: ${message}`,
  gpt5NeedsPro: 'gpt-5 is available on Pro plans and above',
  optInRequired: 'AI Opt-in level selection is required',
  optInNoPermission: 'You need additional permissions to update the opt-in level',
  updateOptInTitle: 'Update Assistant Opt-in Level',
  privacyTitle: 'Data Privacy and Supabase AI',
  lastChatUndeletable: 'A project keeps at least one chat',
  defaultChatName: 'New chat',
  /** The server's refusal while the organization's AI opt-in level is 'disabled' (spec part 2 §6). */
  optInDisabled:
    "This organization's AI opt-in level is 'disabled', so the Assistant may not see this project. An Owner or Administrator can change it in the organization's settings.",
  /** The server's refusal and the panel's explanation for a project marked as holding HIPAA data (spec part 2 §6). */
  hipaaDisallowed:
    "This project is marked as holding HIPAA-protected health information, so the Assistant may not see it. An Owner can change this in the project's settings.",
  hipaaNoPermission: 'Only an Owner can change whether this project holds HIPAA data',
  /** What the model gets instead of a query's rows below the 'schema_and_log_and_data' level. */
  rowsNotShared: (rowCount: number) =>
    `The query ran and returned ${rowCount} row${rowCount === 1 ? '' : 's'}. The user can see them; this organization's AI opt-in level does not share rows with the Assistant.`,
} as const;

/** Read-only failures that mean the query writes after all (spec part 2 §4). */
export const READ_ONLY_FAILURE_HINTS = ['read-only transaction', 'permission denied', 'must be owner'] as const;

/** The 6 default ideas and the 3 shown when SQL snippets are attached (spec part 2 §2). */
export const ASSISTANT_IDEAS = [
  'Create a back-end',
  'Health check',
  'Query your data',
  'Set up RLS policies',
  'Create a function',
  'Generate sample data',
] as const;
export const SNIPPET_IDEAS = ['Explain code', 'Improve code', 'Debug issues'] as const;

/** The most SQL snippets one turn carries, and the longest snippet (generate-v4's sqlSnippets). */
export const SQL_SNIPPETS_ATTACHED = 10;
export const SQL_SNIPPET_MAX_LENGTH = 50_000;

/** Spec part 2 §2: the schemes an assistant's link may use (relative links too). */
export const SAFE_LINK_SCHEMES = ['http', 'https', 'ircs', 'irc', 'mailto', 'xmpp'] as const;
