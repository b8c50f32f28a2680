import type { InputHTMLAttributes } from 'react';

/** The 'Verify JWT' switch and what it means; a checkbox with role switch (keyboard: Space). */
export function VerifyJwtField({ id, ...input }: { id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label htmlFor={id} className="flex items-start gap-2.5 text-[13px]">
      <input type="checkbox" role="switch" id={id} className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" {...input} />
      <span>
        Verify JWT
        <span className="block text-xs text-muted">
          Only requests with the project&apos;s anon or service_role key, or a signed-in user&apos;s access token, in the Authorization
          header reach the function. Turn it off for webhooks that sign their requests in their own way.
        </span>
      </span>
    </label>
  );
}
