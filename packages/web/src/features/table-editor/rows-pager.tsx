import { ChevronLeft, ChevronRight } from 'lucide-react';
import { TABLE_ROWS_PAGE_SIZE } from '../../data/table-rows/rows-params';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

const count = (value: number) => value.toLocaleString('en-US');

/** Where the page sits among all matching rows, and the buttons to the previous and next page. */
export function RowsPager({
  page,
  shown,
  total,
  loading,
  onPage,
}: {
  page: number;
  shown: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const first = page * TABLE_ROWS_PAGE_SIZE;
  return (
    <div className="flex items-center justify-end gap-2 text-xs text-muted">
      {loading ? <Spinner className="size-3.5" /> : null}
      <span aria-live="polite" data-testid="rows-range">
        {shown ? `Rows ${count(first + 1)}–${count(first + shown)} of ${count(total)}` : `${count(total)} rows`}
      </span>
      <Button size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-3.5" aria-hidden="true" />
        Previous
      </Button>
      <Button size="sm" disabled={first + shown >= total} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </Button>
    </div>
  );
}
