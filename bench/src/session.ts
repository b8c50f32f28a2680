/**
 * Signs in with a plain fetch and returns the session cookie header, for the load process
 * (the test harness's ApiClient keeps its own cookie private).
 */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}
