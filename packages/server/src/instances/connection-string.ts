/**
 * A libpq URL for a login on an instance's local address. The password is percent-encoded: a
 * member may choose one with ':', '@' or '/' (generated ones are letters and digits).
 */
export function connectionString(user: string, password: string, port: number): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
