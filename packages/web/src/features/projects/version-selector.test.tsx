import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type PostgresVersionOption } from '@basin/core';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { NewProjectForm } from './new-project-form';
import { versionChoices } from './version-choices';
import { VersionSelector } from './version-selector';

const OPTIONS: PostgresVersionOption[] = [
  { version: 'supabase-postgres-15.8.1', postgres_engine: '15', release_channel: 'ga' },
  { version: 'supabase-postgres-17.10.0', postgres_engine: '17', release_channel: 'beta' },
  { version: 'supabase-postgres-17.6.1', postgres_engine: '17', release_channel: 'ga' },
  { version: 'supabase-postgres-16.9.0', postgres_engine: '16', release_channel: 'ga' },
];

function renderSelector(props: Partial<Parameters<typeof VersionSelector>[0]> = {}) {
  const onValueChange = vi.fn();
  render(
    <>
      <span id="version-label">Postgres version</span>
      <VersionSelector
        id="version"
        labelledBy="version-label"
        options={OPTIONS}
        isLoading={false}
        value=""
        onValueChange={onValueChange}
        {...props}
      />
    </>,
  );
  return { onValueChange, trigger: screen.getByRole('combobox', { name: 'Postgres version' }) };
}

describe('versionChoices', () => {
  it('sorts newest first and defaults to the first ga version', () => {
    const { choices, defaultValue } = versionChoices(OPTIONS);
    expect(choices.map((choice) => choice.version)).toEqual(['17.10.0', '17.6.1', '16.9.0', '15.8.1']);
    expect(choices.map((choice) => choice.value)).toEqual(['17|beta', '17|ga', '16|ga', '15|ga']);
    expect(defaultValue).toBe('17|ga');
  });

  it('falls back to the first version without a ga one, and to nothing for an empty list', () => {
    expect(versionChoices([OPTIONS[1]!]).defaultValue).toBe('17|beta');
    expect(versionChoices([])).toEqual({ choices: [], defaultValue: '' });
  });

  it('keeps one choice per form value, the newest', () => {
    const { choices } = versionChoices([
      { version: 'supabase-postgres-17.4.0', postgres_engine: '17', release_channel: 'ga' },
      { version: 'supabase-postgres-17.6.1', postgres_engine: '17', release_channel: 'ga' },
    ]);
    expect(choices.map((choice) => choice.version)).toEqual(['17.6.1']);
  });
});

describe('VersionSelector', () => {
  it('shows the placeholder until a version is chosen, and lists versions newest first', async () => {
    const user = userEvent.setup();
    const { trigger, onValueChange } = renderSelector();
    expect(trigger.textContent).toContain(MESSAGES.postgresVersionPlaceholder);
    expect(trigger).toHaveProperty('disabled', false);

    await user.click(trigger);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Postgres 17 17.10.0beta',
      'Postgres 17 17.6.1',
      'Postgres 16 16.9.0',
      'Postgres 15 15.8.1',
    ]);
    await user.click(options[2]!);
    expect(onValueChange).toHaveBeenCalledWith('16|ga');
  });

  it('is disabled, with the placeholder, while loading', () => {
    const { trigger } = renderSelector({ isLoading: true, options: undefined, value: '17|ga' });
    expect(trigger).toHaveProperty('disabled', true);
    expect(trigger.textContent).toContain(MESSAGES.postgresVersionPlaceholder);
  });

  it('is disabled when the list is empty', () => {
    const { trigger } = renderSelector({ options: [] });
    expect(trigger).toHaveProperty('disabled', true);
  });
});

describe('NewProjectForm', () => {
  const renderForm = (slug: string) =>
    renderRoutes(
      [
        { path: '/org/:slug', element: <NewProjectForm slug={slug} onCancel={() => {}} /> },
        { path: '/project/:ref', element: <p>Project page</p> },
      ],
      `/org/${slug}`,
    );

  it('selects the default ga version once the list loads, and creates the project with engine and channel', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/platform/organizations/acme/available-versions': json({ available_versions: OPTIONS }),
      'POST /api/platform/projects': (request) => json({ ref: 'zyxwvutsrqponmlkjihg', ...(request.body as object) }, 201),
    });
    renderForm('acme');

    const trigger = screen.getByRole('combobox', { name: 'Postgres version' });
    await waitFor(() => expect(trigger.textContent).toContain('17.6.1'));
    expect(calls[0]).toMatchObject({ body: { provider: 'local', region: 'local' } });

    await user.type(screen.getByLabelText('Name'), 'shop');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Project page')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/platform/projects')?.body).toEqual({
      name: 'shop',
      organization_slug: 'acme',
      region: 'local',
      postgres_engine: '17',
      release_channel: 'ga',
    });
  });

  it("toasts 'Failed to create project: {message}' when the server refuses", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/platform/organizations/acme/available-versions': json({ available_versions: OPTIONS }),
      'POST /api/platform/projects': json({ message: 'This Postgres version is not available' }, 400),
    });
    renderForm('acme');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Postgres version' }).textContent).toContain('17.6.1'));
    await user.type(screen.getByLabelText('Name'), 'shop');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Failed to create project: This Postgres version is not available')).toBeTruthy();
  });

  it("does not ask for versions for the '_' organization slug", () => {
    const { calls } = mockApi({});
    renderForm('_');
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Postgres version' })).toHaveProperty('disabled', true);
  });
});
