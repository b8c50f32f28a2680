import { Link } from 'react-router';
import { computeSize, computeSizeLabel } from '@basin/core';
import type { InfrastructureResponse } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { Fact, FactList, NOT_RUNNING } from './fact-list';

const MB = 1024 * 1024;

/** 12 KB under a megabyte, 41 MB, or 1.2 GB from a gigabyte up. */
export function formatSize(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return bytes < 1024 * MB ? `${Math.round(bytes / MB)} MB` : `${(bytes / (1024 * MB)).toFixed(1)} GB`;
}

/** What the used figure is made of: "Database 380 MB · Storage 30 MB, measured now." */
function diskUsedParts(disk: InfrastructureResponse['disk']): string {
  if (disk.database_bytes === null || disk.storage_bytes === null) return 'What the databases and the stored files take, measured now.';
  const pitr = disk.pitr_bytes ? ` · Point in time recovery ${formatSize(disk.pitr_bytes)}` : '';
  return `Database ${formatSize(disk.database_bytes)} · Storage ${formatSize(disk.storage_bytes)}${pitr}, measured now.`;
}

function diskUsed(disk: InfrastructureResponse['disk']) {
  if (disk.used_bytes === null) return NOT_RUNNING;
  const percent = (disk.used_bytes / (disk.size_gb * 1024 * MB)) * 100;
  return `${formatSize(disk.used_bytes)} of ${disk.size_gb} GB (${percent < 1 ? '<1' : Math.round(percent)}%)`;
}

/** A summary of the compute size and the disk; they change on their own page. */
export function ComputeAndDiskCard({ infrastructure, projectRef }: { infrastructure: InfrastructureResponse; projectRef: string }) {
  const size = computeSize(infrastructure.compute_size);
  return (
    <Card>
      <Card.Header>
        <Card.Title>Compute and disk</Card.Title>
        <Link to={`/project/${projectRef}/settings/compute-and-disk`} className="text-[13px] text-accent hover:underline">
          Change compute and disk
        </Link>
      </Card.Header>
      <FactList>
        <Fact label="Compute size" value={size.name} detail={computeSizeLabel(size)} />
        <Fact label="Disk" value={`${infrastructure.disk.size_gb} GB ${infrastructure.disk.type}`} />
        <Fact label="Disk used" value={diskUsed(infrastructure.disk)} detail={diskUsedParts(infrastructure.disk)} />
      </FactList>
    </Card>
  );
}
