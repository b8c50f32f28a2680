import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLUR_VALIDATION_DELAY_MS } from '@basin/core';
import { TypeToConfirmDialog, type TypeToConfirmDialogProps } from './type-to-confirm-dialog';

function Harness(props: Partial<TypeToConfirmDialogProps> & { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <TypeToConfirmDialog open={open} onOpenChange={setOpen} title="Pause Orders?" confirmString="Orders" {...props} />
    </>
  );
}

const input = () => screen.getByLabelText('Type Orders to confirm.');

describe('TypeToConfirmDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks to 'Type {string} to confirm.' with Cancel and Submit by default", () => {
    render(<Harness onConfirm={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Pause Orders?' })).toBeTruthy();
    expect(input()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it("refuses a mismatch with 'Value entered does not match' and does not run the action", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.type(input(), 'orders');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Value entered does not match');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    // An empty field does not match either.
    await user.clear(input());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('accepts the exact text once trimmed, and runs the action only then', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.type(input(), '  Orders ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits with Enter in the field', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.type(input(), 'Orders{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows a custom mismatch message and custom labels', async () => {
    const user = userEvent.setup();
    render(
      <Harness onConfirm={vi.fn()} mismatchMessage="Type the project name exactly" confirmLabel="I understand" cancelLabel="Keep it" />,
    );
    await user.click(screen.getByRole('button', { name: 'I understand' }));
    expect(screen.getByRole('alert').textContent).toBe('Type the project name exactly');
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });

  it('checks the other fields at the same submit, and does not confirm while they fail', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const validate = vi.fn(() => false);
    render(<Harness onConfirm={onConfirm} validate={validate} />);
    await user.type(input(), 'Orders');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(validate).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('re-checks on blur after a submit, 100 ms late', async () => {
    vi.useFakeTimers();
    render(<Harness onConfirm={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'Orders' } });
    fireEvent.blur(input());
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(BLUR_VALIDATION_DELAY_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts empty each time it opens, and Cancel closes it', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} />);
    await user.type(input(), 'Ord');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect((input() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
