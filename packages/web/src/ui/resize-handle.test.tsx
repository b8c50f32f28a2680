import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResizeHandle } from './resize-handle';

function Harness({ grows }: { grows: 'left' | 'right' }) {
  const [size, setSize] = useState(200);
  return <ResizeHandle label="Resize menu" size={size} min={160} max={300} grows={grows} onResize={setSize} />;
}

const handle = () => screen.getByRole('separator', { name: 'Resize menu' });
const size = () => Number(handle().getAttribute('aria-valuenow'));

describe('ResizeHandle', () => {
  // jsdom has no pointer capture (the setup stubs only its release).
  beforeAll(() => {
    Element.prototype.setPointerCapture ??= () => {};
  });

  it('is a focusable vertical separator that says its size and limits', () => {
    render(<Harness grows="left" />);
    expect(handle().getAttribute('aria-orientation')).toBe('vertical');
    expect(handle().tabIndex).toBe(0);
    expect([size(), handle().getAttribute('aria-valuemin'), handle().getAttribute('aria-valuemax')]).toEqual([200, '160', '300']);
  });

  it('grows a left pane with ArrowRight and shrinks it with ArrowLeft, within its limits', () => {
    render(<Harness grows="left" />);
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    expect(size()).toBe(210);
    fireEvent.keyDown(handle(), { key: 'ArrowLeft', shiftKey: true });
    expect(size()).toBe(160);
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    expect(size()).toBe(160);
    fireEvent.keyDown(handle(), { key: 'End' });
    expect(size()).toBe(300);
    fireEvent.keyDown(handle(), { key: 'Home' });
    expect(size()).toBe(160);
  });

  it('follows a pointer drag: a right pane grows as the handle moves left', () => {
    render(<Harness grows="right" />);
    fireEvent.pointerDown(handle(), { pointerId: 1, button: 0, clientX: 500 });
    fireEvent.pointerMove(handle(), { pointerId: 1, clientX: 460 });
    expect(size()).toBe(240);
    fireEvent.pointerMove(handle(), { pointerId: 1, clientX: 300 });
    expect(size()).toBe(300);
    fireEvent.pointerUp(handle(), { pointerId: 1, clientX: 300 });
    // Moves after the pointer is released change nothing.
    fireEvent.pointerMove(handle(), { pointerId: 1, clientX: 600 });
    expect(size()).toBe(300);
  });
});
