import type { AiOptInLevel } from './schemas/assistant.ts';

/**
 * The organization settings page (spec part 2 §2 "Organization settings and AI opt-in", §6, §8):
 * the spec's strings exactly, and Basin's own words for what each opt-in level shares.
 */
export const ORGANIZATION_SETTINGS_MESSAGES = {
  noUpdatePermission: 'You do not have the required permissions to update this organization',
  updateFailed: (message: string) => `Failed to update organization: ${message}`,
  settingsFailed: (message: string) => `Failed to update settings: ${message}`,
  settingsOrganizationMissing: 'Failed to update settings: Organization not found.',
  updated: 'Successfully saved settings',
  optInUpdated: 'Successfully updated AI opt-in level',
  privacyButton: 'Learn more about data privacy',
  metadataWarningTitle: 'Sharing less limits the assistant',
  metadataWarning: {
    disabled:
      "The assistant is off in this organization's projects: it refuses every message and nothing goes to the model. Choose 'Schema only' or above to use it.",
    schema: 'Logs and query results stay in Basin, so the assistant cannot read errors from your logs or look at the rows a query returns.',
  } satisfies Partial<Record<AiOptInLevel, string>>,
  additionalEmailsHint: 'Separate addresses with commas; each gets a copy of billing mail.',
} as const;

/** Each opt-in level's option: its label and what the model may receive with it, least to most. */
export const AI_OPT_IN_LEVEL_OPTIONS: Record<AiOptInLevel, { label: string; description: string }> = {
  disabled: {
    label: 'Disabled',
    description: 'The assistant is off for every project of the organization: nothing is sent to the model, not even your messages.',
  },
  schema: {
    label: 'Schema only',
    description: 'The names and definitions of schemas, tables, columns, functions and policies. Never rows or logs.',
  },
  schema_and_log: {
    label: 'Schema and logs',
    description: 'The schema, and entries from the project’s logs when the assistant looks into an error.',
  },
  schema_and_log_and_data: {
    label: 'Schema, logs and data',
    description: 'The schema, logs, and the rows returned by queries you let the assistant run.',
  },
};

/**
 * The 'Data Privacy and Supabase AI' dialog, in Basin's words: paragraphs shown in order. Basin
 * has no AI service of its own; it forwards to the model the install configured.
 */
export const AI_PRIVACY_PARAGRAPHS = [
  'Basin does not run an AI service of its own. The assistant talks to the model this Basin install was configured with: whatever OPENAI_BASE_URL points at, which may be a hosted provider or a model running on your own machine. Ask your administrator which one it is.',
  'What goes to that model is decided by this organization’s opt-in level, and nothing beyond it. At ‘Disabled’ the assistant is off and nothing is sent. ‘Schema only’ sends schema metadata (the definitions of your tables, columns, functions and policies), ‘Schema and logs’ adds entries from the project’s logs, and only ‘Schema, logs and data’ adds the rows your queries return.',
  'Whenever the assistant is on, your prompts, the SQL snippets you attach and the chat so far are part of the request. The model’s provider, not Basin, decides what happens to a request once it arrives; read its terms before choosing a level that shares logs or data.',
  'Only Owners and Administrators can change the level. It applies to every project of the organization from the next message on.',
] as const;
