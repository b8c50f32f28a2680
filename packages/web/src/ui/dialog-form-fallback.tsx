import { Skeleton } from './skeleton';

/** What a dialog shows while its form's code loads. */
export function DialogFormFallback({ fields = 2 }: { fields?: number }) {
  return (
    <div className="flex flex-col gap-4 px-5 py-4" aria-busy="true">
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}
