import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@basin/core';
import type { StorageBucket } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer, type MockRequest } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { bucketFormDefaults, createBody, updateBody } from './bucket-form';
import { BucketsPage } from './buckets-page';

const BUCKETS = `/api/platform/storage/${PROJECT_REF}/buckets`;

const bucketFixture = (fields: Partial<StorageBucket> = {}): StorageBucket => ({
  id: 'avatars',
  name: 'avatars',
  owner: null,
  public: false,
  file_size_limit: null,
  allowed_mime_types: null,
  created_at: '2026-02-01T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
  ...fields,
});

function renderBuckets({
  role = 'Owner' as Role,
  buckets = [] as StorageBucket[],
  project = projectFixture(),
  extra = {} as Record<string, (request: MockRequest) => MockAnswer>,
} = {}) {
  let current = buckets;
  const api = mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: () => json(project),
    'GET /api/platform/organizations/acme': () => json(organizationFixture({ role })),
    [`GET ${BUCKETS}`]: () => json(current),
    [`POST ${BUCKETS}`]: (request) => {
      const body = request.body as { name: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null };
      const bucket = bucketFixture({
        id: body.name,
        name: body.name,
        public: body.public,
        file_size_limit: body.file_size_limit,
        allowed_mime_types: body.allowed_mime_types,
      });
      current = [...current, bucket];
      return json(bucket, 201);
    },
    ...extra,
  });
  return { ...api, ...renderAt('/project/:ref/storage/buckets', <BucketsPage />, `/project/${PROJECT_REF}/storage/buckets`) };
}

describe('the bucket form', () => {
  it('turns the fields into the API body: the limit in bytes from its unit, the MIME types as a list', () => {
    const form = {
      ...bucketFormDefaults(),
      name: ' photos ',
      public: true,
      limitEnabled: true,
      limitValue: '1.5',
      limitUnit: 'MB' as const,
      mimeTypes: 'image/png, image/*',
    };
    expect(createBody(form)).toEqual({
      name: 'photos',
      public: true,
      file_size_limit: 1_500_000,
      allowed_mime_types: ['image/png', 'image/*'],
    });
    expect(updateBody({ ...form, limitEnabled: false, mimeTypes: ' ' })).toEqual({
      public: true,
      file_size_limit: null,
      allowed_mime_types: null,
    });
    expect(bucketFormDefaults(bucketFixture({ file_size_limit: 5 * 1000 ** 3, allowed_mime_types: ['image/png'] }))).toMatchObject({
      limitEnabled: true,
      limitValue: '5',
      limitUnit: 'GB',
      mimeTypes: 'image/png',
    });
  });
});

describe('Buckets page and the bucket dialog', () => {
  it('says what buckets are for when there are none, and creates one with a public warning, a limit and MIME types', async () => {
    const user = userEvent.setup();
    const { calls } = renderBuckets();
    expect(await screen.findByText('No buckets yet')).toBeTruthy();
    expect(screen.getByText(/supabase\.storage\.from/)).toBeTruthy();

    await waitFor(() => expect((screen.getAllByRole('button', { name: 'New bucket' })[0] as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getAllByRole('button', { name: 'New bucket' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create a bucket' });
    await user.click(within(dialog).getByRole('button', { name: 'Create bucket' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Name of bucket'), 'photos');
    expect(within(dialog).queryByText('Public buckets are readable by anyone')).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: 'Public bucket' }));
    expect(within(dialog).getByText('Public buckets are readable by anyone')).toBeTruthy();
    await user.click(within(dialog).getByRole('switch', { name: 'Restrict file upload size' }));
    const limit = within(dialog).getByLabelText('File size limit');
    expect(within(dialog).getByText('Units of 1000, as Supabase counts them: 1 MB is 1,000,000 bytes.')).toBeTruthy();
    await user.clear(limit);
    await user.type(limit, '5');
    await user.type(within(dialog).getByLabelText('Allowed MIME types'), 'image/*, pictures');
    await user.click(within(dialog).getByRole('button', { name: 'Create bucket' }));
    expect(await within(dialog).findByText(/pictures is not a MIME type/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const types = within(dialog).getByLabelText('Allowed MIME types');
    await user.clear(types);
    await user.type(types, 'image/*');
    await user.click(within(dialog).getByRole('button', { name: 'Create bucket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'photos',
      public: true,
      file_size_limit: 5_000_000,
      allowed_mime_types: ['image/*'],
    });
    const row = (await screen.findByRole('link', { name: 'photos' })).closest('tr')!;
    expect(within(row).getByText('Public')).toBeTruthy();
    expect(within(row).getByText('5 MB')).toBeTruthy();
    expect(within(row).getByText('image/*')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderBuckets({ extra: { [`POST ${BUCKETS}`]: () => json({ message: 'The resource already exists' }, 409) } });
    await screen.findByText('No buckets yet');
    await waitFor(() => expect((screen.getAllByRole('button', { name: 'New bucket' })[0] as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getAllByRole('button', { name: 'New bucket' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create a bucket' });
    await user.type(within(dialog).getByLabelText('Name of bucket'), 'photos');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('The resource already exists')).toBeTruthy();
  });

  it('edits a bucket (its name fixed) and deletes one once its name is typed', async () => {
    const user = userEvent.setup();
    const { calls } = renderBuckets({
      buckets: [bucketFixture({ file_size_limit: 1000 })],
      extra: {
        [`PATCH ${BUCKETS}/avatars`]: (request) => json(bucketFixture(request.body as Partial<StorageBucket>)),
        [`DELETE ${BUCKETS}/avatars`]: () => json({ message: 'Successfully deleted' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit bucket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bucket avatars' });
    expect((within(dialog).getByLabelText('Name of bucket') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('File size limit') as HTMLInputElement).value).toBe('1');
    await user.click(within(dialog).getByRole('switch', { name: 'Restrict file upload size' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        public: false,
        file_size_limit: null,
        allowed_mime_types: null,
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Actions for avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete bucket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete bucket avatars' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete bucket' }));
    expect(await within(confirm).findByText('Value entered does not match')).toBeTruthy();
    await user.type(within(confirm).getByRole('textbox'), 'avatars');
    await user.click(within(confirm).getByRole('button', { name: 'Delete bucket' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('disables changes for read-only members, with the reason', async () => {
    renderBuckets({ role: 'Read-only', buckets: [bucketFixture()] });
    await screen.findByRole('link', { name: 'avatars' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'New bucket' }) as HTMLButtonElement).disabled).toBe(true));
  });

  describe('the bucket list', () => {
    const listCalls = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'GET' && call.path === BUCKETS);

    it('is asked only while the project is active and healthy', async () => {
      const { calls } = renderBuckets({ project: projectFixture({ status: 'COMING_UP' }) });
      await waitFor(() => expect(calls.some((call) => call.path === `/api/platform/projects/${PROJECT_REF}`)).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listCalls(calls)).toHaveLength(0);
    });

    it('is retried after a failure', async () => {
      let failures = 1;
      const { calls } = renderBuckets({
        extra: { [`GET ${BUCKETS}`]: () => (failures-- > 0 ? json({ message: 'boom' }, 500) : json([bucketFixture()])) },
      });
      expect(await screen.findByText('avatars', {}, { timeout: 3000 })).toBeTruthy();
      expect(listCalls(calls)).toHaveLength(2);
    });

    it('is not retried when the tenant config is not found', async () => {
      const { calls } = renderBuckets({
        extra: { [`GET ${BUCKETS}`]: () => json({ message: `Tenant config for ${PROJECT_REF} not found` }, 404) },
      });
      expect(await screen.findByText('Could not load the buckets')).toBeTruthy();
      expect(listCalls(calls)).toHaveLength(1);
    });
  });
});
