import type { ReactNode } from 'react';

/** A card's facts as label/value rows; `detail` says what the value means. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-border">{children}</dl>;
}

export function Fact({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-[13px] text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-col gap-1">
        <div className="text-[13px] font-medium">{value}</div>
        {detail ? <div className="text-xs text-muted">{detail}</div> : null}
      </dd>
    </div>
  );
}

/** What a fact that only the running instance can tell shows while it is stopped. */
export const NOT_RUNNING = <span className="text-muted">Not running</span>;
