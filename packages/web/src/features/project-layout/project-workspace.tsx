import { Menu } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ASSISTANT_PANEL_MAX_SIZE, ASSISTANT_PANEL_MIN_SIZE, PRODUCT_MENU_MAX_SIZE } from '@basin/core';
import { useLocalSetting } from '../../lib/local-setting';
import { assistantHotkeySetting } from '../../lib/settings';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ResizeHandle } from '../../ui/resize-handle';
import { Sheet } from '../../ui/sheet';
import { AssistantPanel } from '../assistant/assistant-panel';
import { useAssistantPanel } from '../assistant/assistant-state';
import { useAssistantHotkey } from '../assistant/use-assistant-hotkey';
import { ProductMenu } from './product-menu';

/** The product menu's widths in pixels: at first, at least, and collapsed to its icons. */
const MENU_DEFAULT_PX = 220;
const MENU_MIN_PX = 160;
const MENU_COLLAPSED_PX = 48;
/** The page keeps at least this share of the width, whatever the panels beside it take. */
const PAGE_MIN_FRACTION = 0.3;

/** '33%' as 0.33. */
const fraction = (percent: string) => Number.parseFloat(percent) / 100;

/** The element's width, followed as it changes (0 until it is measured). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

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

/**
 * Medium screens and up: the product menu beside the page, collapsible to its icons and resizable
 * (at most 33% wide) by the handle on its right.
 */
function ProductMenuPane({
  projectRef,
  width,
  onWidth,
  maxWidth,
}: {
  projectRef: string;
  width: number;
  onWidth: (px: number) => void;
  maxWidth: number;
}) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <>
      <div
        data-testid="product-menu"
        className="flex h-full shrink-0 flex-col overflow-hidden"
        style={{ width: collapsed ? MENU_COLLAPSED_PX : width }}
      >
        <ProductMenu projectRef={projectRef} collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} />
      </div>
      {collapsed ? (
        <div className="w-px shrink-0 bg-border" />
      ) : (
        <ResizeHandle label="Resize project menu" size={width} min={MENU_MIN_PX} max={maxWidth} grows="left" onResize={onWidth} />
      )}
    </>
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
      <SplitWorkspace projectRef={projectRef} assistantOpen={assistant.open && isLarge} onCloseAssistant={closeAssistant}>
        {children}
      </SplitWorkspace>
      {assistantOverlay}
    </>
  );
}

/**
 * The product menu, the page and (when open) the assistant side by side. The menu keeps its width
 * in pixels, the assistant its share of the width, between 30% and 50%; the page takes the rest,
 * never less than 30%.
 */
function SplitWorkspace({
  projectRef,
  assistantOpen,
  onCloseAssistant,
  children,
}: {
  projectRef: string;
  assistantOpen: boolean;
  onCloseAssistant: () => void;
  children: ReactNode;
}) {
  const [container, width] = useWidth<HTMLDivElement>();
  const [menuWidth, setMenuWidth] = useState(MENU_DEFAULT_PX);
  const [assistantShare, setAssistantShare] = useState(fraction(ASSISTANT_PANEL_MIN_SIZE));
  const known = width > 0;
  const menuMax = known ? width * fraction(PRODUCT_MENU_MAX_SIZE) : Math.max(menuWidth, MENU_MIN_PX);
  const shownMenuWidth = Math.min(Math.max(menuWidth, MENU_MIN_PX), menuMax);
  const assistantMin = width * fraction(ASSISTANT_PANEL_MIN_SIZE);
  const assistantMax = Math.max(
    assistantMin,
    Math.min(width * fraction(ASSISTANT_PANEL_MAX_SIZE), width * (1 - PAGE_MIN_FRACTION) - shownMenuWidth),
  );
  const assistantWidth = Math.min(Math.max(assistantShare * width, assistantMin), assistantMax);

  return (
    <div ref={container} className="flex h-full min-w-0">
      <ProductMenuPane projectRef={projectRef} width={shownMenuWidth} onWidth={setMenuWidth} maxWidth={menuMax} />
      <div className="h-full min-w-0 flex-1 overflow-y-auto">{children}</div>
      {assistantOpen ? (
        <>
          <ResizeHandle
            label="Resize assistant"
            size={assistantWidth}
            min={assistantMin}
            max={assistantMax}
            grows="right"
            onResize={(px) => known && setAssistantShare(px / width)}
          />
          <div className="h-full shrink-0 overflow-hidden" style={{ width: known ? assistantWidth : ASSISTANT_PANEL_MIN_SIZE }}>
            <AssistantPanel onClose={onCloseAssistant} />
          </div>
        </>
      ) : null}
    </div>
  );
}
