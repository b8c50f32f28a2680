import { useMemo } from 'react';
import { MESSAGES } from '@basin/core';
import type { PostgresVersionOption } from '@basin/core';
import { Badge } from '../../ui/badge';
import { Select } from '../../ui/select';
import { versionChoices } from './version-choices';

export interface VersionSelectorProps {
  id: string;
  labelledBy: string;
  options: readonly PostgresVersionOption[] | undefined;
  isLoading: boolean;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  'aria-describedby'?: string;
}

/** The Postgres version of a new project: disabled while the list loads or when it is empty. */
export function VersionSelector({
  id,
  labelledBy,
  options,
  isLoading,
  value,
  onValueChange,
  onBlur,
  invalid,
  'aria-describedby': describedBy,
}: VersionSelectorProps) {
  const { choices } = useMemo(() => versionChoices(options ?? []), [options]);
  const disabled = isLoading || choices.length === 0;
  return (
    <Select
      id={id}
      labelledBy={labelledBy}
      value={disabled ? '' : value}
      onValueChange={onValueChange}
      onBlur={onBlur}
      placeholder={MESSAGES.postgresVersionPlaceholder}
      disabled={disabled}
      invalid={invalid}
      aria-describedby={describedBy}
    >
      {choices.map((choice) => (
        <Select.Item
          key={choice.value}
          value={choice.value}
          hint={choice.option.release_channel !== 'ga' ? <Badge tone="warning">{choice.option.release_channel}</Badge> : null}
        >
          {choice.label} <span className="font-mono text-xs text-muted">{choice.version}</span>
        </Select.Item>
      ))}
    </Select>
  );
}
