/**
 * The auth API's user administration for the service_role key, as auth-js's GoTrueAdminApi calls
 * it: `GET/POST /admin/users`, `GET/PUT/DELETE /admin/users/{id}`. The work is in admin-users.ts,
 * which the dashboard's Users page shares.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../admin-guard.ts';
import { type AdminUserAttributes, createUser, deleteUser, getUser, listUsers, SERVICE_ROLE_ACTOR, updateUser } from '../admin-users.ts';
import type { AuthEnv } from '../auth-env.ts';
import { badRequest } from '../errors.ts';
import { type Body, objectField, readBody, stringField } from '../request.ts';
import { AUDIENCE, userJson } from '../users.ts';
import { jsonAnswer } from '../../kernel/json-answer.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

export const adminRoutes = new Hono<AuthEnv>();

adminRoutes.use('/admin/users', async (c, next) => {
  await requireAdmin(c.var.auth, c.req.raw.headers);
  await next();
});
adminRoutes.use('/admin/users/*', async (c, next) => {
  await requireAdmin(c.var.auth, c.req.raw.headers);
  await next();
});

/** A page parameter: absent or empty is the default, anything but a whole number is refused. */
function pageParameter(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw badRequest(`Bad Pagination Parameters: ${name} must be a whole number below 1000000000`);
  return Number(value);
}

/**
 * GitHub's Link header as GoTrue writes it (and auth-js's listUsers reads it): `next` while
 * pages remain, always `last`, with `page` first in each query.
 */
function paginationLink(base: string, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const link = (target: number, rel: string) => `<${base}?page=${target}&per_page=${perPage}>; rel="${rel}"`;
  return [...(lastPage > page ? [link(page + 1, 'next')] : []), link(lastPage, 'last')].join(', ');
}

adminRoutes.get('/admin/users', async (c) => {
  const auth = c.var.auth;
  const page = Math.max(1, pageParameter(c.req.query('page'), 'page', 1));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, pageParameter(c.req.query('per_page'), 'per_page', DEFAULT_PER_PAGE)));
  const { users, total } = await listUsers(auth, { page, perPage, keywords: c.req.query('filter') });
  const headers = { 'x-total-count': String(total), link: paginationLink(`${auth.issuer}/admin/users`, page, perPage, total) };
  return jsonAnswer({ users: users.map(userJson), aud: AUDIENCE }, { headers });
});

function booleanField(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`Could not decode admin user params: ${name} must be a boolean`, 'bad_json');
  return value;
}

/** AdminUserParams of GoTrue, from the JSON body. */
function attributesOf(body: Body): AdminUserAttributes {
  return {
    email: stringField(body, 'email'),
    phone: stringField(body, 'phone'),
    password: stringField(body, 'password'),
    email_confirm: booleanField(body, 'email_confirm'),
    user_metadata: objectField(body, 'user_metadata') ?? objectField(body, 'data'),
    app_metadata: objectField(body, 'app_metadata'),
    ban_duration: stringField(body, 'ban_duration'),
    role: stringField(body, 'role'),
  };
}

adminRoutes.post('/admin/users', async (c) => {
  const user = await createUser(c.var.auth, attributesOf(await readBody(c.req.raw)), SERVICE_ROLE_ACTOR);
  return jsonAnswer(userJson(user));
});

adminRoutes.get('/admin/users/:id', async (c) => jsonAnswer(userJson(await getUser(c.var.auth, c.req.param('id')))));

adminRoutes.put('/admin/users/:id', async (c) => {
  const user = await updateUser(c.var.auth, c.req.param('id'), attributesOf(await readBody(c.req.raw)), SERVICE_ROLE_ACTOR);
  return jsonAnswer(userJson(user));
});

adminRoutes.delete('/admin/users/:id', async (c) => {
  const body = await readBody(c.req.raw);
  await deleteUser(c.var.auth, c.req.param('id'), booleanField(body, 'should_soft_delete') ?? false, SERVICE_ROLE_ACTOR);
  return jsonAnswer({});
});
