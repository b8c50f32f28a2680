import type { EdgeFunction } from '@basin/core/schemas';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { Badge, type BadgeTone } from '../../ui/badge';
import { DataRow, DataTable } from '../../ui/data-table';

const COLUMNS = ['Name', 'Slug', 'Status', 'Version', 'Verify JWT', 'Updated'];

const STATUS_TONE: Record<EdgeFunction['status'], BadgeTone> = { ACTIVE: 'success', REMOVED: 'neutral', THROTTLED: 'warning' };

export function FunctionStatusBadge({ status }: { status: EdgeFunction['status'] }) {
  return <Badge tone={STATUS_TONE[status]}>{status.charAt(0) + status.slice(1).toLowerCase()}</Badge>;
}

/** The project's functions; the name opens the details page. */
export function FunctionsTable({ projectRef, functions }: { projectRef: string; functions: EdgeFunction[] }) {
  return (
    <DataTable columns={COLUMNS}>
      {functions.map((fn) => (
        <DataRow key={fn.id} className="hover:bg-surface-muted">
          <td className="max-w-64 px-4 py-2">
            <Link
              to={`/project/${projectRef}/functions/${encodeURIComponent(fn.slug)}/details`}
              className="block truncate rounded-sm font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {fn.name}
            </Link>
          </td>
          <td className="px-4 py-2 font-mono text-xs text-muted">{fn.slug}</td>
          <td className="px-4 py-2">
            <FunctionStatusBadge status={fn.status} />
          </td>
          <td className="px-4 py-2 text-muted tabular-nums">{fn.version}</td>
          <td className="px-4 py-2 text-muted">{fn.verify_jwt ? 'On' : 'Off'}</td>
          <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDateTime(new Date(fn.updated_at).toISOString())}</td>
        </DataRow>
      ))}
    </DataTable>
  );
}
