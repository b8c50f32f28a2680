import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { assistantHotkeySetting } from '../../lib/settings';
import { PROJECT_REF } from '../../test/fixtures';
import { projectRoutes } from '../../test/project-routes';
import { renderRoutes } from '../../test/render';
import { mockAssistant } from './test-kit';
import { isTypingTarget } from './use-assistant-hotkey';

const panel = () => screen.queryByRole('complementary', { name: 'AI assistant' });

async function renderProject() {
  renderRoutes(projectRoutes, `/project/${PROJECT_REF}`);
  await screen.findByRole('heading', { name: 'Project home' });
}

describe('the i hotkey', () => {
  beforeEach(() => {
    mockAssistant();
  });

  it('toggles the assistant panel', async () => {
    const user = userEvent.setup();
    await renderProject();
    expect(panel()).toBeNull();

    await user.keyboard('i');
    expect(panel()).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'How can I assist you?' })).toBeTruthy();

    await user.keyboard('i');
    expect(panel()).toBeNull();
  });

  it('is ignored while typing in an input or a contenteditable element', async () => {
    const user = userEvent.setup();
    await renderProject();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'index');
    expect(panel()).toBeNull();

    await user.click(screen.getByTestId('editor'));
    await user.keyboard('i');
    expect(panel()).toBeNull();
  });

  it('ignores modified keys', async () => {
    const user = userEvent.setup();
    await renderProject();
    await user.keyboard('{Control>}i{/Control}{Meta>}i{/Meta}');
    expect(panel()).toBeNull();
  });

  it('does nothing when the hotkey setting is off', async () => {
    assistantHotkeySetting.set(false);
    const user = userEvent.setup();
    await renderProject();
    await user.keyboard('i');
    expect(panel()).toBeNull();
  });

  it('closes the panel with its close button', async () => {
    const user = userEvent.setup();
    await renderProject();
    await user.keyboard('i');
    await user.click(screen.getByRole('button', { name: 'Close assistant' }));
    expect(panel()).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('knows fields from other elements', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inner = document.createElement('span');
    editable.append(inner);
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(textarea)).toBe(true);
    expect(isTypingTarget(inner)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
