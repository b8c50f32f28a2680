import { z } from 'zod';

export const Profile = z.object({ id: z.string(), email: z.string(), username: z.string() }).meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** Sign-up and sign-in forms (better-auth answers the calls; these schemas validate the forms). */
export const Credentials = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
});
export type Credentials = z.infer<typeof Credentials>;

/** Some of the most used passwords of public breach lists, refused however they are cased. */
const COMMON_PASSWORDS = new Set([
  '00000000',
  '11111111',
  '12341234',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '1q2w3e4r',
  'abc12345',
  'abcd1234',
  'admin123',
  'baseball',
  'dragon12',
  'football',
  'iloveyou',
  'letmein1',
  'monkey12',
  'passw0rd',
  'password',
  'password1',
  'password12',
  'password123',
  'princess',
  'qwerty12',
  'qwerty123',
  'qwertyuiop',
  'starwars',
  'sunshine',
  'superman',
  'trustno1',
  'welcome1',
  'welcome123',
]);

/** A password being chosen (sign-up, change, reset): one message, the first rule it breaks. */
export const NewPassword = z.string().superRefine((password, ctx) => {
  const problem =
    password.length < 8
      ? 'Password must be at least 8 characters'
      : password.length > 128
        ? 'Password must be at most 128 characters'
        : password.replace(/\s/g, '').length < 8
          ? 'Password must have at least 8 characters that are not spaces'
          : COMMON_PASSWORDS.has(password.trim().toLowerCase())
            ? 'This password is too common: choose one that is harder to guess'
            : undefined;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The sign-up form: a new password, where signing in takes any password of the right length. */
export const SignUpCredentials = Credentials.extend({ password: NewPassword });
