import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

function CardRoot({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border border-border bg-surface', className)} {...props} />;
}

function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center justify-between gap-3 border-b border-border px-4 py-3', className)} {...props} />;
}

function CardTitle({ children, className, as: Tag = 'h2' }: { children: ReactNode; className?: string; as?: 'h2' | 'h3' }) {
  return <Tag className={cn('text-[13px] font-medium text-foreground', className)}>{children}</Tag>;
}

function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-4 py-3', className)} {...props} />;
}

export const Card = Object.assign(CardRoot, { Header: CardHeader, Title: CardTitle, Content: CardContent });
