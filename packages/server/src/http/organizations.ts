import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateOrganizationBody,
  Organization,
  OrgSlug,
  Subscription,
  UpdateOrganizationBody,
  UpdateSubscriptionBody,
} from '@basin/core/schemas';
import * as organizations from '../services/organizations/organizations.ts';
import type { Db } from '../store/db.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const slugParams = z.object({ slug: OrgSlug });
const tags = ['Organizations'];

export function organizationRoutes(db: Db) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations',
        tags,
        responses: { 200: json(z.array(Organization), 'Organizations of the signed-in user'), 401: ERRORS[401] },
      }),
      async (c) => c.json(await organizations.listOrganizations(db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/organizations',
        tags,
        request: jsonBody(CreateOrganizationBody),
        responses: { 201: json(Organization, 'The new organization; its creator is Owner'), 400: ERRORS[400], 401: ERRORS[401] },
      }),
      async (c) => c.json(await organizations.createOrganization(db, c.var.userId, c.req.valid('json').name), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}',
        tags,
        request: { params: slugParams },
        responses: { 200: json(Organization, 'The organization'), ...ERRORS },
      }),
      async (c) => c.json(await organizations.getOrganization(db, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/organizations/{slug}',
        tags,
        request: { params: slugParams, ...jsonBody(UpdateOrganizationBody) },
        responses: { 200: json(Organization, 'The updated organization'), ...ERRORS },
      }),
      async (c) => c.json(await organizations.updateOrganization(db, c.req.valid('param').slug, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/billing/subscription',
        tags: ['Billing'],
        request: { params: slugParams },
        responses: { 200: json(Subscription, 'The plan of the organization'), ...ERRORS },
      }),
      async (c) => c.json(await organizations.getSubscription(db, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/organizations/{slug}/billing/subscription',
        tags: ['Billing'],
        request: { params: slugParams, ...jsonBody(UpdateSubscriptionBody) },
        responses: { 200: json(Subscription, 'The new plan'), ...ERRORS },
      }),
      async (c) =>
        c.json(await organizations.updateSubscription(db, c.req.valid('param').slug, c.var.userId, c.req.valid('json').plan), 200),
    );
}
