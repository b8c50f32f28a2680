import { useEffect } from 'react';
import { useLocalSetting } from '../../lib/local-setting';
import { themeSetting, type ThemePreference } from '../../lib/settings';
import { useMediaQuery } from '../../lib/use-media-query';

export type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The theme preference (system, light or dark), persisted in localStorage, and the theme it resolves to. */
export function useTheme() {
  const [preference, setPreference] = useLocalSetting(themeSetting);
  const systemPrefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return { preference, setPreference, resolved: resolveTheme(preference, systemPrefersDark) };
}

/** Keeps the `dark` class on <html> in step with the theme (index.html sets it before the first paint). */
export function ThemeSync() {
  const { resolved } = useTheme();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    root.style.colorScheme = resolved;
  }, [resolved]);
  return null;
}
