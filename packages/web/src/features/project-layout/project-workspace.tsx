import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { ASSISTANT_PANEL_MAX_SIZE, ASSISTANT_PANEL_MIN_SIZE, PRODUCT_MENU_MAX_SIZE } from '@basin/core';
import { useLocalSetting } from '../../lib/local-setting';
import { assistantHotkeySetting } from '../../lib/settings';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Sheet } from '../../ui/sheet';
import { AssistantPanel } from '../assistant/assistant-panel';
import { useAssistantPanel } from '../assistant/assistant-state';
import { useAssistantHotkey } from '../assistant/use-assistant-hotkey';
import { ProductMenu } from './product-menu';

const SEPARATOR = cn(
  'w-px bg-border transition-colors',
  'data-[separator=hover]:bg-accent data-[separator=active]:bg-accent data-[separator=focus]:bg-accent',
);

/** Small screens: the product menu is a sheet opened from a bar above the page. */
function MobileMenu({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex h-10 shrink-0 items-center border-b border-border bg-surface px-2">
      <Sheet open={open} onOpenChange={setOpen}>
        <Sheet.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label="Open project menu">
            <Menu className="size-4" aria-hidden="true" />
            Menu
          </Button>
        </Sheet.Trigger>
        <Sheet.Content title="Project menu">
          <ProductMenu projectRef={projectRef} onNavigate={() => setOpen(false)} />
        </Sheet.Content>
      </Sheet>
    </div>
  );
}

/** Medium screens and up: a collapsible product menu, at most 33% wide, beside the page. */
function ProductMenuPanel({ projectRef }: { projectRef: string }) {
  const panelRef = usePanelRef();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Panel
      id="product-menu"
      panelRef={panelRef}
      defaultSize={220}
      minSize={160}
      maxSize={PRODUCT_MENU_MAX_SIZE}
      collapsible
      collapsedSize={48}
      groupResizeBehavior="preserve-pixel-size"
      onResize={() => setCollapsed(panelRef.current?.isCollapsed() ?? false)}
    >
      <ProductMenu
        projectRef={projectRef}
        collapsed={collapsed}
        onToggleCollapsed={() => (collapsed ? panelRef.current?.expand() : panelRef.current?.collapse())}
      />
    </Panel>
  );
}

/**
 * The project layout (spec part 1 §2): product menu, page, and the AI assistant on the right —
 * a 30%–50% panel on large screens, 3/4 of the width on medium screens, the full screen on small ones.
 */
export function ProjectWorkspace({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const isMedium = useMediaQuery(BREAKPOINTS.medium);
  const isLarge = useMediaQuery(BREAKPOINTS.large);
  const assistant = useAssistantPanel();
  const [hotkeyEnabled] = useLocalSetting(assistantHotkeySetting);
  useAssistantHotkey(assistant.toggle, hotkeyEnabled);
  const closeAssistant = () => assistant.setOpen(false);

  const assistantOverlay =
    assistant.open && !isLarge ? (
      <div className={cn('fixed top-12 right-0 bottom-0 z-30 border-l border-border shadow-xl', isMedium ? 'w-3/4' : 'left-0 w-full')}>
        <AssistantPanel onClose={closeAssistant} />
      </div>
    ) : null;

  if (!isMedium) {
    return (
      <div className="flex h-full flex-col">
        <MobileMenu projectRef={projectRef} />
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        {assistantOverlay}
      </div>
    );
  }

  return (
    <>
      <Group orientation="horizontal" className="h-full">
        <ProductMenuPanel projectRef={projectRef} />
        <Separator className={SEPARATOR} />
        <Panel id="page" minSize="30%">
          <div className="h-full overflow-y-auto">{children}</div>
        </Panel>
        {assistant.open && isLarge ? (
          <>
            <Separator className={SEPARATOR} />
            <Panel
              id="assistant"
              defaultSize={ASSISTANT_PANEL_MIN_SIZE}
              minSize={ASSISTANT_PANEL_MIN_SIZE}
              maxSize={ASSISTANT_PANEL_MAX_SIZE}
            >
              <AssistantPanel onClose={closeAssistant} />
            </Panel>
          </>
        ) : null}
      </Group>
      {assistantOverlay}
    </>
  );
}
