import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from './cn';

/** Arrow keys move the handle this far; Shift+arrow ten times as far. */
const KEY_STEP_PX = 10;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * The vertical line between two side-by-side panes that resizes one of them: dragged with a
 * pointer, or focused and moved with the arrow keys (Home and End for the limits). `grows` says
 * on which side of the handle the resized pane is: dragging away from it makes it smaller.
 * Sizes are in pixels; the owner turns them into its own units.
 */
export function ResizeHandle({
  label,
  size,
  min,
  max,
  grows,
  onResize,
  className,
}: {
  label: string;
  size: number;
  min: number;
  max: number;
  /** 'left': the pane before the handle (a left menu); 'right': the pane after it (a right panel). */
  grows: 'left' | 'right';
  onResize: (size: number) => void;
  className?: string;
}) {
  const drag = useRef<{ pointerId: number; startX: number; startSize: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const direction = grows === 'left' ? 1 : -1;
  const resize = (next: number) => onResize(Math.round(clamp(next, min, max)));

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    // No text selection while dragging; the captured pointer keeps sending moves off the handle.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startSize: size };
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    resize(start.startSize + direction * (event.clientX - start.startX));
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? KEY_STEP_PX * 10 : KEY_STEP_PX;
    if (event.key === 'ArrowLeft') resize(size - direction * step);
    else if (event.key === 'ArrowRight') resize(size + direction * step);
    else if (event.key === 'Home') resize(min);
    else if (event.key === 'End') resize(max);
    else return;
    event.preventDefault();
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(size)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(Math.max(min, max))}
      tabIndex={0}
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      className={cn(
        // One pixel wide to the eye, a few more to the pointer.
        "relative z-10 w-px shrink-0 cursor-col-resize touch-none bg-border transition-colors outline-none before:absolute before:inset-y-0 before:-right-1 before:-left-1 before:content-['']",
        'hover:bg-accent focus-visible:bg-accent data-dragging:bg-accent',
        className,
      )}
    />
  );
}
