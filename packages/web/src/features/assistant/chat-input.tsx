import { ArrowUp, Square } from 'lucide-react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { Button } from '../../ui/button';

/** Whether the input may be sent (spec part 2 §5): not empty, and not while an answer loads unless editing. */
export function canSubmit(
  value: string,
  { loading, editing, disabled = false }: { loading: boolean; editing: boolean; disabled?: boolean },
): boolean {
  return !disabled && value.trim() !== '' && (!loading || editing);
}

/**
 * The message box (spec part 2 §2): 3 rows growing to 16rem, Enter sends, Shift+Enter adds a line;
 * the send button turns into Stop while an answer streams.
 */
export function ChatInput({
  value,
  onChange,
  onSubmit,
  onStop,
  loading,
  editing,
  disabled = false,
  placeholder,
  inputRef,
  toolbar,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onStop: () => void;
  loading: boolean;
  editing: boolean;
  disabled?: boolean;
  placeholder: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  toolbar?: ReactNode;
}) {
  const sendable = canSubmit(value, { loading, editing, disabled });
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) onSubmit();
  }
  return (
    <div className="flex flex-col gap-1 rounded-md border border-border-strong bg-surface focus-within:border-accent focus-within:ring-2 focus-within:ring-ring">
      <textarea
        ref={inputRef}
        rows={3}
        aria-label="Message"
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-64 min-h-[calc(3lh+0.5rem)] w-full resize-none bg-transparent px-3 pt-2 text-[13px] [field-sizing:content] placeholder:text-subtle focus:outline-none disabled:cursor-not-allowed"
      />
      <div className="flex items-center gap-1 px-1.5 pb-1.5">
        {toolbar}
        <span className="ml-auto" />
        {loading && !editing ? (
          <Button size="icon" variant="default" aria-label="Stop" onClick={onStop}>
            <Square className="size-3 fill-current" aria-hidden="true" />
          </Button>
        ) : (
          <Button size="icon" variant="primary" aria-label="Send message" disabled={!sendable} onClick={onSubmit}>
            <ArrowUp className="size-3.5" aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
