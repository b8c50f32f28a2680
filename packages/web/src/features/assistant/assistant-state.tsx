import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** A suggestion a page offers the assistant's empty state (shown under 'Suggestions'). */
export interface AssistantSuggestion {
  label: string;
  prompt: string;
}

interface AssistantPanelState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** Custom suggestions of the page on show; the lints and ideas otherwise. */
  suggestions: AssistantSuggestion[] | undefined;
  setSuggestions: (suggestions: AssistantSuggestion[] | undefined) => void;
}

const AssistantPanelContext = createContext<AssistantPanelState | null>(null);

/** Whether the AI assistant panel is open; shared by the top bar button, the hotkey and the project layout. */
export function AssistantPanelProvider({ children, defaultOpen = false }: { children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [suggestions, setSuggestions] = useState<AssistantSuggestion[] | undefined>(undefined);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const state = useMemo(() => ({ open, setOpen, toggle, suggestions, setSuggestions }), [open, toggle, suggestions]);
  return <AssistantPanelContext value={state}>{children}</AssistantPanelContext>;
}

export function useAssistantPanel(): AssistantPanelState {
  const state = useContext(AssistantPanelContext);
  if (!state) throw new Error('useAssistantPanel needs an AssistantPanelProvider');
  return state;
}
