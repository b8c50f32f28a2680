import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REPORT_NAME_MAX_LENGTH } from '@basin/core';
import type { Report } from '@basin/core/schemas';
import { useCreateReportMutation } from '../../data/reports/use-create-report-mutation';
import { useDeleteReportMutation } from '../../data/reports/use-delete-report-mutation';
import { useUpdateReportMutation } from '../../data/reports/use-update-report-mutation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';

interface OpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function NameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 text-[13px] font-medium">
      Name
      <Input value={value} onChange={(event) => onChange(event.target.value)} maxLength={REPORT_NAME_MAX_LENGTH} autoFocus />
    </label>
  );
}

/** A new, empty report; the page moves to it. */
export function NewReportDialog({ projectRef, open, onOpenChange }: OpenProps & { projectRef: string }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useCreateReportMutation({
    onSuccess: (report) => {
      onOpenChange(false);
      void navigate(`/project/${projectRef}/reports/${report.id}`);
    },
  });
  const trimmed = name.trim();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName('');
        onOpenChange(next);
      }}
      title="New custom report"
      description="A page of charts from your SQL snippets and the assistant's results, shared with the project's members."
      confirmLabel="Create report"
      loading={create.isPending}
      confirmDisabled={!trimmed}
      onConfirm={() => create.mutate({ ref: projectRef, name: trimmed })}
    >
      <NameField value={name} onChange={setName} />
    </ConfirmDialog>
  );
}

export function RenameReportDialog({ report, open, onOpenChange }: OpenProps & { report: Report }) {
  const [name, setName] = useState(report.name);
  const rename = useUpdateReportMutation({ onSuccess: () => onOpenChange(false) });
  const trimmed = name.trim();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(report.name);
        onOpenChange(next);
      }}
      title="Rename report"
      confirmLabel="Rename"
      loading={rename.isPending}
      confirmDisabled={!trimmed || trimmed === report.name}
      onConfirm={() => rename.mutate({ ref: report.project_ref, id: report.id, name: trimmed })}
    >
      <NameField value={name} onChange={setName} />
    </ConfirmDialog>
  );
}

/** Deletes the report (not the snippets its charts came from) and goes back to the reports. */
export function DeleteReportDialog({ report, open, onOpenChange }: OpenProps & { report: Report }) {
  const navigate = useNavigate();
  const remove = useDeleteReportMutation({
    onSuccess: () => {
      onOpenChange(false);
      void navigate(`/project/${report.project_ref}/reports`, { replace: true });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${report.name}?`}
      variant="danger"
      confirmLabel="Delete report"
      loading={remove.isPending}
      onConfirm={() => remove.mutate({ ref: report.project_ref, id: report.id })}
    >
      <p className="text-[13px] text-muted">
        The report and its {report.items.length === 1 ? 'chart go' : `${report.items.length} charts go`} for everyone. Snippets the charts
        came from stay.
      </p>
    </ConfirmDialog>
  );
}
