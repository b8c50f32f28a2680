import { z } from 'zod';
import { SECRET_VALUE_MAX_LENGTH, SecretName } from '@basin/core/schemas';

/** What every function gets without a secret of that name (and why `SUPABASE_` names are refused). */
export const PLATFORM_SECRETS = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'];

export const SecretsForm = z.object({
  secrets: z
    .array(
      z.object({
        name: SecretName,
        value: z.string().min(1, 'Give the secret a value').max(SECRET_VALUE_MAX_LENGTH, 'A secret value is at most 24,576 characters'),
      }),
    )
    .min(1)
    .superRefine((secrets, context) => {
      const seen = new Set<string>();
      secrets.forEach((secret, index) => {
        if (seen.has(secret.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `${secret.name} is given twice` });
        seen.add(secret.name);
      });
    }),
});
export type SecretsFormInput = z.input<typeof SecretsForm>;
export type SecretsFormValues = z.output<typeof SecretsForm>;

/**
 * `NAME=value` lines as in a .env file (comments, blank lines and `export ` skipped; quotes around a
 * value removed); undefined when the text holds no such line, so a paste of a plain name stays a name.
 */
export function parseEnv(text: string): { name: string; value: string }[] | undefined {
  const pairs: { name: string; value: string }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) return undefined;
    let value = line.slice(at + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0])) value = value.slice(1, -1);
    pairs.push({ name: line.slice(0, at).trim(), value });
  }
  return pairs.length ? pairs : undefined;
}
