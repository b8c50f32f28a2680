/** The table editor's fixed vocabularies, shared by the change schemas and the dashboard (which keeps zod out of its bundle). */

/** The default expressions the editor suggests; any other default is a literal. */
export const DEFAULT_EXPRESSIONS = ['now()', 'gen_random_uuid()', 'current_date', 'current_timestamp', 'current_user'] as const;

export const FOREIGN_KEY_ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const;
export type ForeignKeyAction = (typeof FOREIGN_KEY_ACTIONS)[number];
