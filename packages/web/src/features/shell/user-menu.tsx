import { KeyRound, LogOut, Mail, Monitor, Moon, Sun } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useSignOutMutation } from '../../data/auth/use-sign-out-mutation';
import { useProfileQuery } from '../../data/profile/use-profile-query';
import { useLocalSetting } from '../../lib/local-setting';
import { assistantHotkeySetting, THEME_PREFERENCES, type ThemePreference } from '../../lib/settings';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { useTheme } from '../theme/use-theme';

const THEME_LABELS: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

function initials(name: string | undefined): string {
  if (!name) return '';
  return name.slice(0, 2).toUpperCase();
}

/** The signed-in user: invitations, access tokens, theme, the assistant hotkey setting, sign out. */
export function UserMenu() {
  const navigate = useNavigate();
  const { data: profile } = useProfileQuery();
  const { preference, setPreference } = useTheme();
  const [hotkeyEnabled, setHotkeyEnabled] = useLocalSetting(assistantHotkeySetting);
  const signOut = useSignOutMutation({ onSuccess: () => navigate('/sign-in', { replace: true }) });

  return (
    <DropdownMenu>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className="inline-flex size-7 cursor-pointer items-center justify-center rounded-full border border-border-strong bg-surface-muted text-[11px] font-medium text-muted hover:text-foreground"
      >
        {initials(profile?.username ?? profile?.email)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <div className="px-2 py-1.5">
          <p className="truncate text-[13px] font-medium">{profile?.username ?? '…'}</p>
          <p className="truncate text-xs text-muted">{profile?.email}</p>
        </div>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => navigate('/invitations')}>
          <Mail className="size-3.5 text-muted" aria-hidden="true" />
          Invitations
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => navigate('/account/tokens')}>
          <KeyRound className="size-3.5 text-muted" aria-hidden="true" />
          Access tokens
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Label>Theme</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={preference}
          onValueChange={(value) => {
            const theme = THEME_PREFERENCES.find((option) => option === value);
            if (theme) setPreference(theme);
          }}
        >
          {THEME_PREFERENCES.map((theme) => {
            const { label, icon: Icon } = THEME_LABELS[theme];
            return (
              <DropdownMenu.RadioItem key={theme} value={theme} onSelect={(event) => event.preventDefault()}>
                <Icon className="size-3.5 text-muted" aria-hidden="true" />
                {label}
              </DropdownMenu.RadioItem>
            );
          })}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator />
        <DropdownMenu.CheckboxItem
          checked={hotkeyEnabled}
          onCheckedChange={(checked) => setHotkeyEnabled(checked === true)}
          onSelect={(event) => event.preventDefault()}
        >
          <span className="flex-1">Assistant hotkey</span>
          <kbd className="rounded border border-border px-1 font-mono text-[11px] text-muted">i</kbd>
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut className="size-3.5 text-muted" aria-hidden="true" />
          Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu>
  );
}
