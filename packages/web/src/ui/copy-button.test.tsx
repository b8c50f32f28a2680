import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_LABEL_RESET_MS } from '@basin/core';
import { CopyButton } from './copy-button';

describe('CopyButton', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const click = () => act(async () => void fireEvent.click(screen.getByRole('button')));

  it("reads 'Copy', then 'Copied' for 3 seconds", async () => {
    render(<CopyButton value="postgresql://example" />);
    expect(screen.getByRole('button').textContent).toBe('Copy');

    await click();
    expect(writeText).toHaveBeenCalledWith('postgresql://example');
    expect(screen.getByRole('button').textContent).toBe('Copied');

    act(() => vi.advanceTimersByTime(COPY_LABEL_RESET_MS - 1));
    expect(screen.getByRole('button').textContent).toBe('Copied');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('restarts the 3 seconds when copied again', async () => {
    render(<CopyButton value="x" />);
    await click();
    act(() => vi.advanceTimersByTime(2000));
    await click();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('keeps the Copy label when copying fails', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyButton value="x" />);
    await click();
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
