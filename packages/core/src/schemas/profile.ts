import { z } from 'zod';

export const Profile = z
  .object({ id: z.string(), email: z.string(), username: z.string() })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** Sign-up and sign-in forms (better-auth answers the calls; these schemas validate the forms). */
export const Credentials = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
});
export type Credentials = z.infer<typeof Credentials>;
