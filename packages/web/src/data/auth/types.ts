/** better-auth's session answer (`GET /api/auth/get-session`), the fields the dashboard reads. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

export interface AuthSession {
  user: AuthUser;
  session: { id: string; expiresAt: string };
}
