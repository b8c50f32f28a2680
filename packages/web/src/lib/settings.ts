import { createLocalSetting } from './local-setting';

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** The key is also read by the inline script in index.html, before the first paint. */
export const themeSetting = createLocalSetting<ThemePreference>('basin.theme', 'system', (raw) =>
  THEME_PREFERENCES.find((theme) => theme === raw),
);

/** Whether pressing `i` toggles the AI assistant panel (spec: default on). */
export const assistantHotkeySetting = createLocalSetting<boolean>('basin.assistant-hotkey', true, (raw) =>
  raw === 'true' ? true : raw === 'false' ? false : undefined,
);

/** The organization page visited last: where the dashboard goes after a project is deleted. */
export const lastOrganizationSetting = createLocalSetting<string>('basin.last-organization', '', (raw) => raw || undefined);
