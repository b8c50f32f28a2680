import { CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  info: { className: 'border-info/30 bg-info-soft', icon: Info, iconClass: 'text-info' },
  warning: { className: 'border-warning/30 bg-warning-soft', icon: TriangleExclamationPoint, iconClass: 'text-warning' },
  danger: { className: 'border-danger/30 bg-danger-soft', icon: CircleExclamationPoint, iconClass: 'text-danger' },
} as const;

export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  const { className: toneClass, icon: Icon, iconClass } = TONES[tone];
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border px-4 py-3', toneClass, className)}>
      <Icon className={cn('mt-0.5 size-4 shrink-0', iconClass)} aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="text-[13px] font-medium">{title}</p>
        {children ? <div className="text-[13px] text-muted">{children}</div> : null}
      </div>
    </div>
  );
}
