import { ChevronRight } from 'lucide-react';
import { cn } from '../../ui/cn';
import { crumbsOf } from './object-names';

/** Where the browser is: the bucket, then each folder down to the open one; each opens its folder. */
export function FolderCrumbs({ bucket, folder, onOpen }: { bucket: string; folder: string; onOpen: (path: string) => void }) {
  return (
    <nav aria-label="Folder" className="mb-3 flex flex-wrap items-center gap-1 text-[13px]">
      <button
        type="button"
        className={cn('rounded px-1 hover:underline', !folder && 'font-medium')}
        onClick={() => onOpen('')}
        aria-current={!folder ? 'location' : undefined}
      >
        {bucket}
      </button>
      {crumbsOf(folder).map((crumb, index, all) => (
        <span key={crumb.path} className="flex items-center gap-1">
          <ChevronRight className="size-3.5 text-subtle" aria-hidden="true" />
          <button
            type="button"
            className={cn('rounded px-1 hover:underline', index === all.length - 1 && 'font-medium')}
            aria-current={index === all.length - 1 ? 'location' : undefined}
            onClick={() => onOpen(crumb.path)}
          >
            {crumb.name}
          </button>
        </span>
      ))}
    </nav>
  );
}
