import { Download } from 'lucide-react';
import type { TableExportFormat } from '@basin/core/schemas';
import { exportUrl } from '../../data/table-transfer/export-url';
import type { TableAddress } from '../../data/table-rows/rest-request';
import type { RowsView } from '../../data/table-rows/rows-params';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';

/** The browser saves the answer (an attachment) without leaving the page. */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

const FORMATS: { format: TableExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'sql', label: 'SQL inserts' },
];

/** Export as CSV or SQL: the whole table, or only the rows the grid's filters pass (in its sort). */
export function ExportMenu({ address, view }: { address: TableAddress; view: Pick<RowsView, 'filters' | 'sort'> }) {
  const filtered = view.filters.length > 0;
  return (
    <DropdownMenu>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" variant="default">
          <Download className="size-3.5" aria-hidden="true" />
          Export
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>Whole table</DropdownMenu.Label>
        {FORMATS.map(({ format, label }) => (
          <DropdownMenu.Item key={format} onSelect={() => download(exportUrl(address, format, { filters: [], sort: view.sort }))}>
            {`${label} (all rows)`}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Label>Current filter</DropdownMenu.Label>
        {FORMATS.map(({ format, label }) => (
          <DropdownMenu.Item key={format} disabled={!filtered} onSelect={() => download(exportUrl(address, format, view))}>
            {`${label} (filtered rows)`}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu>
  );
}
