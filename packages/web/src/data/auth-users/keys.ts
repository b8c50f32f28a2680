export interface AuthUsersParams {
  page: number;
  keywords: string;
}

export const authUserKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'auth-users'] as const,
  list: (ref: string | undefined, params: AuthUsersParams) => ['projects', ref, 'auth-users', 'list', params] as const,
  detail: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'auth-users', 'detail', id] as const,
  passkeys: (ref: string | undefined, id: string) => ['projects', ref, 'auth-users', 'passkeys', id] as const,
};
