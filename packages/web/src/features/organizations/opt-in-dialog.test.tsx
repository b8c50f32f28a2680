import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, FEATURE_FLAG_DEFAULTS, ORGANIZATION_SETTINGS_MESSAGES, type Role } from '@basin/core';
import type { AiOptInTag, Organization } from '@basin/core/schemas';
import { organizationFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderAt } from '../../test/render';
import { OptInDialog } from './opt-in-dialog';

const ORG = '/api/platform/organizations/acme';

/** How the assistant's chat picker opens it: a button and the open state. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Permission settings
      </button>
      <span>{open ? 'open' : 'closed'}</span>
      <OptInDialog slug="acme" open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog({
  role = 'Owner' as Role,
  tags = ['AI_SQL'] as AiOptInTag[],
  patch,
}: { role?: Role; tags?: AiOptInTag[]; patch?: MockAnswer } = {}) {
  let current: Organization = organizationFixture({ role, opt_in_tags: tags });
  const api = mockApi({
    [`GET ${ORG}`]: () => json(current),
    [`GET ${ORG}/feature-flags`]: json(FEATURE_FLAG_DEFAULTS),
    [`PATCH ${ORG}`]: (request) => {
      if (patch) return patch;
      current = { ...current, ...(request.body as Partial<Organization>) };
      return json(current);
    },
  });
  renderAt('/project/:ref', <Opener />, '/project/abcdefghijklmnopqrst');
  return { ...api, patches: () => api.calls.filter((call) => call.method === 'PATCH').map((call) => call.body) };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Permission settings' }));
  const dialog = await screen.findByRole('dialog', { name: ASSISTANT_MESSAGES.updateOptInTitle });
  await within(dialog).findByRole('radio', { name: 'Schema only' });
  return { user, dialog };
}

describe('Update Assistant Opt-in Level dialog', () => {
  it('shows the stored level, confirms a new one as its tags and closes', async () => {
    const { patches } = renderDialog();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'Schema only' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);

    await user.click(within(dialog).getByRole('radio', { name: 'Schema, logs and data' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches()).toEqual([{ opt_in_tags: ['AI_SQL', 'AI_LOG', 'AI_DATA'] }]));
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect((await screen.findAllByText(ORGANIZATION_SETTINGS_MESSAGES.optInUpdated)).length).toBeGreaterThan(0);
  });

  it('closes on Cancel without saving', async () => {
    const { patches } = renderDialog();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Disabled' }));
    expect(within(dialog).getByText(ORGANIZATION_SETTINGS_MESSAGES.metadataWarning.disabled)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect(patches()).toEqual([]);
  });

  it('is disabled with the spec text for members who may not update the organization', async () => {
    renderDialog({ role: 'Read-only' });
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(ASSISTANT_MESSAGES.optInNoPermission)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .every((radio) => radio.hasAttribute('disabled')),
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
  });

  it("keeps the dialog open with 'Failed to update settings' when the change is refused", async () => {
    renderDialog({ patch: json({ message: 'You do not have the required permissions to update this organization' }, 403) });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Schema and logs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        ORGANIZATION_SETTINGS_MESSAGES.settingsFailed('You do not have the required permissions to update this organization'),
      ),
    ).toBeTruthy();
    expect(screen.getByText('open')).toBeTruthy();
  });
});
