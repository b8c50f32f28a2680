import { useEffect } from 'react';

export const ASSISTANT_HOTKEY = 'i';

/** Keys pressed while typing belong to the field, not to shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return true;
  return target.getAttribute('role') === 'textbox';
}

/** Pressing `i` (no modifiers, not while typing) calls `onToggle`, when the hotkey setting is on. */
export function useAssistantHotkey(onToggle: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== ASSISTANT_HOTKEY || event.repeat || event.defaultPrevented) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      onToggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, onToggle]);
}
