import type { ReactNode } from 'react';
import { LogoMark } from '../../ui/logo';

/** The signed-out pages: a small centred card under the logo. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-2 text-base font-semibold">
        <LogoMark />
        Basin
      </div>
      <div className="w-full max-w-sm rounded-lg border border-border bg-surface p-6 shadow-sm">
        <h1 className="text-base font-medium">{title}</h1>
        <p className="mt-1 mb-5 text-[13px] text-muted">{description}</p>
        {children}
      </div>
      <div className="mt-4 text-[13px] text-muted">{footer}</div>
    </main>
  );
}
