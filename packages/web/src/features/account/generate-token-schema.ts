import { z } from 'zod';
import { ACCESS_TOKEN_EXPIRY_CHOICES, AccessTokenName, type CreateAccessTokenBody } from '@basin/core/schemas';

export const EXPIRY_OPTIONS = [
  ...ACCESS_TOKEN_EXPIRY_CHOICES.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: 'never', label: 'Never' },
] as const;

/** The Generate form: a name, and an expiry picked from the offered choices. */
export const GenerateTokenFormValues = z.object({
  name: AccessTokenName,
  expiry: z.enum(['never', ...ACCESS_TOKEN_EXPIRY_CHOICES.map(String)], 'Choose when the token expires'),
});
export type GenerateTokenFormValues = z.infer<typeof GenerateTokenFormValues>;

export const DEFAULT_EXPIRY = '30';

export function toCreateBody(values: GenerateTokenFormValues): CreateAccessTokenBody {
  return { name: values.name, expires_in_days: values.expiry === 'never' ? null : Number(values.expiry) };
}
