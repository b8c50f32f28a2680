import { useState } from 'react';
import {
  DISK_LIMITS,
  DISK_MESSAGES,
  DISK_TYPES,
  diskCooldownEndsAt,
  diskMonthlyCost,
  includedDiskGb,
  type DiskAttributes,
  type DiskType,
} from '@basin/core';
import { DiskAttributesInput, type DiskResponse } from '@basin/core/schemas';
import { useUpdateDiskMutation } from '../../data/disk/use-update-disk-mutation';
import { formatDateTime } from '../../lib/format-date';
import { amount, cataloguePrice } from '../../lib/format-price';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';

interface Draft {
  type: DiskType;
  size_gb: string;
  iops: string;
  throughput_mbps: string;
}

const toDraft = ({ attributes }: DiskResponse): Draft => ({
  type: attributes.type,
  size_gb: String(attributes.size_gb),
  iops: String(attributes.iops),
  throughput_mbps: String(attributes.throughput_mbps ?? DISK_LIMITS.gp3.included.throughputMbps),
});

/** The draft as the API takes it, or the first reason it would be refused. */
function parseDraft(draft: Draft): { attributes: DiskAttributes } | { error: string } {
  const attributes =
    draft.type === 'gp3'
      ? { type: draft.type, size_gb: Number(draft.size_gb), iops: Number(draft.iops), throughput_mbps: Number(draft.throughput_mbps) }
      : { type: draft.type, size_gb: Number(draft.size_gb), iops: Number(draft.iops) };
  const parsed = DiskAttributesInput.safeParse(attributes);
  return parsed.success ? { attributes: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid disk' };
}

/**
 * Disk type, size, IOPS and throughput with the monthly estimate; closed during the change cooldown.
 * Says how the disk grows by itself, and why it does not when it is full (`autoscaleBlocked`, from the resource warnings).
 */
export function DiskCard({
  projectRef,
  disk,
  plan,
  canChange,
  autoscaleBlocked,
}: {
  projectRef: string;
  disk: DiskResponse;
  plan: string;
  canChange: boolean;
  autoscaleBlocked: string | null;
}) {
  const [draft, setDraft] = useState(() => toDraft(disk));
  const update = useUpdateDiskMutation();
  const parsed = parseDraft(draft);
  const limits = DISK_LIMITS[draft.type];
  const reopensAt = diskCooldownEndsAt(disk.last_modified_at);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  const disabled = !canChange || reopensAt !== null;

  return (
    <Card>
      <Card.Header>
        <Card.Title>Disk</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4 py-4">
        <p className="text-[13px] text-muted">{DISK_MESSAGES.autoscaleRule}</p>
        {autoscaleBlocked ? (
          <Alert tone="warning" title="The disk cannot grow automatically">
            {autoscaleBlocked}
          </Alert>
        ) : null}
        {reopensAt ? (
          <Alert tone="warning" title="Disk changes are on cooldown">
            The disk was changed recently. It can be changed again from {formatDateTime(reopensAt)}.
          </Alert>
        ) : null}
        <fieldset className="flex flex-col gap-2" disabled={disabled}>
          <legend className="mb-1 text-[13px] font-medium">Disk type</legend>
          {DISK_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-[13px]">
              <input type="radio" name="disk-type" value={type} checked={draft.type === type} onChange={set('type')} className="mt-1" />
              <span>
                <span className="font-medium">{DISK_LIMITS[type].label}</span>
                <span className="text-muted"> — {DISK_LIMITS[type].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="disk-size"
            label="Disk size (GB)"
            description={`${limits.storageGb.min}–${limits.storageGb.max} GB; ${includedDiskGb(plan, draft.type)} GB included; ${cataloguePrice(limits.pricePerUnit.storageGb)} per GB`}
          >
            <Input
              {...fieldControlProps('disk-size', { description: true })}
              type="number"
              value={draft.size_gb}
              onChange={set('size_gb')}
              disabled={disabled}
            />
          </Field>
          <Field
            id="disk-iops"
            label="IOPS"
            description={`${limits.iops.min}–${limits.iops.max}; ${limits.included.iops} included; ${cataloguePrice(limits.pricePerUnit.iops)} per IOPS`}
          >
            <Input
              {...fieldControlProps('disk-iops', { description: true })}
              type="number"
              value={draft.iops}
              onChange={set('iops')}
              disabled={disabled}
            />
          </Field>
          {limits.throughputMbps ? (
            <Field
              id="disk-throughput"
              label="Throughput (MB/s)"
              description={`${limits.throughputMbps.min}–${limits.throughputMbps.max}; ${limits.included.throughputMbps} included; ${cataloguePrice(limits.pricePerUnit.throughputMbps)} per MB/s`}
            >
              <Input
                {...fieldControlProps('disk-throughput', { description: true })}
                type="number"
                value={draft.throughput_mbps}
                onChange={set('throughput_mbps')}
                disabled={disabled}
              />
            </Field>
          ) : null}
        </div>
        <p className="text-[13px]" aria-live="polite">
          {'attributes' in parsed
            ? `Estimated disk cost: ${amount(diskMonthlyCost(parsed.attributes, plan).total)} / month`
            : `${parsed.error}. ${DISK_MESSAGES.noEstimate}.`}
        </p>
        <Button
          className="self-end"
          disabled={disabled || !('attributes' in parsed)}
          loading={update.isPending}
          onClick={() => {
            if ('attributes' in parsed) update.mutate({ ref: projectRef, attributes: parsed.attributes });
          }}
        >
          Save disk
        </Button>
      </Card.Content>
    </Card>
  );
}
