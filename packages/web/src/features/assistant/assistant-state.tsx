import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface AssistantPanelState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

const AssistantPanelContext = createContext<AssistantPanelState | null>(null);

/** Whether the AI assistant panel is open; shared by the top bar button, the hotkey and the project layout. */
export function AssistantPanelProvider({ children, defaultOpen = false }: { children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const state = useMemo(() => ({ open, setOpen, toggle }), [open, toggle]);
  return <AssistantPanelContext value={state}>{children}</AssistantPanelContext>;
}

export function useAssistantPanel(): AssistantPanelState {
  const state = useContext(AssistantPanelContext);
  if (!state) throw new Error('useAssistantPanel needs an AssistantPanelProvider');
  return state;
}
