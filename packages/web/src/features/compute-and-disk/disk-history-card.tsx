import { DISK_LIMITS } from '@basin/core';
import type { DiskHistoryEntry } from '@basin/core/schemas';
import { useDiskHistoryQuery } from '../../data/disk/use-disk-history-query';
import { formatBytes } from '../../lib/format-bytes';
import { formatDateTime } from '../../lib/format-date';
import { Card } from '../../ui/card';
import { DataRow, DataTable } from '../../ui/data-table';
import { Skeleton } from '../../ui/skeleton';

const GIB = 1024 ** 3;
const size = (gb: number) => formatBytes(gb * GIB);

/** What changed, one part per attribute: 'Size 8 GB → 12 GB', 'IOPS 3,000 → 4,000'. */
function changedParts({ previous, attributes }: DiskHistoryEntry): string[] {
  const parts: string[] = [];
  if (previous.type !== attributes.type) parts.push(`Type ${DISK_LIMITS[previous.type].label} → ${DISK_LIMITS[attributes.type].label}`);
  if (previous.size_gb !== attributes.size_gb) parts.push(`Size ${size(previous.size_gb)} → ${size(attributes.size_gb)}`);
  if (previous.iops !== attributes.iops)
    parts.push(`IOPS ${previous.iops.toLocaleString('en-US')} → ${attributes.iops.toLocaleString('en-US')}`);
  if (previous.throughput_mbps !== attributes.throughput_mbps && attributes.throughput_mbps !== undefined) {
    parts.push(`Throughput ${previous.throughput_mbps ?? '–'} → ${attributes.throughput_mbps} MB/s`);
  }
  return parts.length ? parts : ['Saved unchanged'];
}

/** The disk's latest changes: who made each (a member or autoscaling) and what it changed. */
export function DiskHistoryCard({ projectRef }: { projectRef: string }) {
  const { data: history } = useDiskHistoryQuery(projectRef);

  return (
    <Card>
      <Card.Header>
        <Card.Title>Disk history</Card.Title>
      </Card.Header>
      <Card.Content className="py-4">
        {!history ? (
          <Skeleton className="h-20 w-full" />
        ) : history.length === 0 ? (
          <p className="text-[13px] text-muted">The disk has not changed since the project was created.</p>
        ) : (
          <DataTable columns={['When', 'By', 'Change']}>
            {history.map((entry) => (
              <DataRow key={entry.changed_at}>
                <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(entry.changed_at)}</td>
                <td className="px-4 py-2">{entry.cause === 'autoscale' ? 'Autoscaling' : 'A member'}</td>
                <td className="px-4 py-2">
                  {changedParts(entry).join(', ')}
                  {entry.used_bytes !== null ? ` (${formatBytes(entry.used_bytes)} used)` : ''}
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </Card.Content>
    </Card>
  );
}
