import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;

beforeAll(async () => {
  platform = await startTestPlatform({ signInAttemptsPerMinute: 5 });
});
afterAll(() => platform?.destroy());

describe('dashboard accounts', () => {
  it('signs up, keeps the session in an httpOnly SameSite cookie, signs out', async () => {
    const user = new ApiClient(platform.url);
    const email = uniqueEmail('ada');
    const response = await fetch(`${platform.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: platform.url },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'ada' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    expect((await user.signIn(email, 'correct horse battery')).status).toBe(200);
    expect((await user.get('/api/platform/profile')).body).toMatchObject({ email, username: 'ada' });
    expect((await user.post('/api/auth/sign-out')).status).toBe(200);
    expect((await user.get('/api/platform/profile')).status).toBe(401);
  });

  it('stores a password hash, never the password', async () => {
    const email = uniqueEmail('hash');
    await new ApiClient(platform.url).signUp(email, 'a very secret passphrase');
    const { rows } = await platform.ctx.db.query<{ password: string }>(
      'select a.password from account a join "user" u on u.id = a."userId" where u.email = $1',
      [email],
    );
    expect(rows[0]!.password).not.toContain('a very secret passphrase');
    expect(rows[0]!.password.length).toBeGreaterThan(40);
  });

  it('answers one generic message for an unknown email and for a wrong password', async () => {
    const email = uniqueEmail('generic');
    await new ApiClient(platform.url).signUp(email);
    const wrongPassword = await new ApiClient(platform.url).signIn(email, 'not the password');
    const unknownUser = await new ApiClient(platform.url).signIn(uniqueEmail('nobody'), 'not the password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Invalid email or password');
    expect(unknownUser.body.message).toBe(wrongPassword.body.message);
  });

  it('refuses platform routes without a session', async () => {
    const anonymous = new ApiClient(platform.url);
    const answer = await anonymous.get('/api/platform/organizations');
    expect(answer).toEqual({ status: 401, body: { message: 'You need to sign in first' } });
  });

  it('ends the session at once on sign-out, for every copy of its cookie', async () => {
    const user = new ApiClient(platform.url);
    await user.signUp(uniqueEmail('copied'));
    const copy = new ApiClient(platform.url);
    copy.cookie = user.cookie;
    expect((await copy.get('/api/platform/profile')).status).toBe(200);
    expect((await user.post('/api/auth/sign-out')).status).toBe(200);
    expect(await copy.get('/api/platform/organizations')).toEqual({ status: 401, body: { message: 'You need to sign in first' } });
  });

  it('refuses blank and common passwords on sign-up and on a password change', async () => {
    const signUp = (password: string) =>
      new ApiClient(platform.url).post('/api/auth/sign-up/email', { email: uniqueEmail('weak'), password, name: 'weak' });
    expect(await signUp('        ')).toMatchObject({
      status: 400,
      body: { message: 'Password must have at least 8 characters that are not spaces' },
    });
    for (const password of ['password', 'Password', '12345678', 'qwerty123']) {
      expect(await signUp(password)).toMatchObject({
        status: 400,
        body: { message: 'This password is too common: choose one that is harder to guess' },
      });
    }

    const user = new ApiClient(platform.url);
    await user.signUp(uniqueEmail('changer'), 'correct horse battery');
    const change = (newPassword: string) =>
      user.post('/api/auth/change-password', { currentPassword: 'correct horse battery', newPassword });
    expect(await change('password1')).toMatchObject({
      status: 400,
      body: { message: 'This password is too common: choose one that is harder to guess' },
    });
    expect((await change('staple battery horse')).status).toBe(200);
  });

  it('keeps display names to 64 characters on sign-up and on a profile update', async () => {
    const tooLong = 'n'.repeat(65);
    const signUp = await new ApiClient(platform.url).post('/api/auth/sign-up/email', {
      email: uniqueEmail('long'),
      password: 'correct horse battery',
      name: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(signUp).toMatchObject({ status: 400, body: { message: 'Name must be at most 64 characters' } });

    const user = new ApiClient(platform.url);
    await user.signUp(uniqueEmail('renamed'));
    expect(await user.post('/api/auth/update-user', { name: tooLong })).toMatchObject({
      status: 400,
      body: { message: 'Name must be at most 64 characters' },
    });
    expect(await user.post('/api/auth/update-user', { name: '   ' })).toMatchObject({ status: 400, body: { message: 'Name is required' } });
    expect((await user.post('/api/auth/update-user', { name: 'n'.repeat(64) })).status).toBe(200);
    expect((await user.get('/api/platform/profile')).body.username).toBe('n'.repeat(64));
  });

  it('rate-limits repeated sign-in attempts', async () => {
    const client = new ApiClient(platform.url);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await client.signIn(uniqueEmail('brute'), 'guess')).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(5);
  });
});
