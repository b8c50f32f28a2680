import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ASSISTANT_MESSAGES, FEEDBACK_POPUP_CLOSE_MS } from '@basin/core';
import type { RATINGS } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Popover } from '../../ui/popover';
import { Textarea } from '../../ui/textarea';

export type Rating = (typeof RATINGS)[number];

/**
 * Rating buttons of one assistant message (spec part 2 §2, §4): once per message. Negative opens
 * a box for an optional reason; after sending, 'We appreciate your feedback!' shows for 2 s.
 */
export function MessageRating({ rated, onRate }: { rated: Rating | undefined; onRate: (rating: Rating, reason?: string) => void }) {
  const [reasonOpen, setReasonOpen] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (!thanks) return;
    const timer = setTimeout(() => {
      setThanks(false);
      setReasonOpen(false);
    }, FEEDBACK_POPUP_CLOSE_MS); // spec part 2 §2, §9: the thanks closes after 2 s
    return () => clearTimeout(timer);
  }, [thanks]);

  function submitReason(event: FormEvent) {
    event.preventDefault();
    onRate('negative', reason.trim() || undefined);
    setThanks(true);
  }

  const thanksText = (
    <p role="status" className="text-xs text-accent">
      {ASSISTANT_MESSAGES.feedbackThanks}
    </p>
  );

  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Good response"
        aria-pressed={rated === 'positive'}
        disabled={rated !== undefined}
        onClick={() => {
          onRate('positive');
          setThanks(true);
        }}
      >
        <ThumbsUp className={cn('size-3.5', rated === 'positive' && 'fill-current text-accent')} aria-hidden="true" />
      </Button>
      <Popover open={reasonOpen} onOpenChange={(open) => !thanks && setReasonOpen(open)}>
        <Popover.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Bad response"
            aria-pressed={rated === 'negative'}
            disabled={rated !== undefined && !reasonOpen}
          >
            <ThumbsDown className={cn('size-3.5', rated === 'negative' && 'fill-current text-danger')} aria-hidden="true" />
          </Button>
        </Popover.Trigger>
        <Popover.Content label="Feedback" align="start">
          {thanks ? (
            thanksText
          ) : (
            <form onSubmit={submitReason} className="flex flex-col gap-2">
              <Textarea
                rows={3}
                aria-label="Reason"
                placeholder={ASSISTANT_MESSAGES.feedbackPlaceholder}
                value={reason}
                maxLength={2000}
                onChange={(event) => setReason(event.target.value)}
              />
              <div className="flex justify-end gap-2">
                <Popover.Close asChild>
                  <Button size="sm">Cancel</Button>
                </Popover.Close>
                <Button size="sm" variant="primary" type="submit">
                  Submit
                </Button>
              </div>
            </form>
          )}
        </Popover.Content>
      </Popover>
      {thanks && !reasonOpen ? thanksText : null}
    </div>
  );
}
