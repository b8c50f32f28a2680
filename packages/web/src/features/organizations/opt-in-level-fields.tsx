import { Controller } from 'react-hook-form';
import { AI_OPT_IN_LEVEL_OPTIONS, ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import type { AiOptInLevel } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import type { OptInForm } from './use-opt-in-form';

const LIMITED_METADATA = ORGANIZATION_SETTINGS_MESSAGES.metadataWarning as Partial<Record<AiOptInLevel, string>>;

/**
 * The AI opt-in radio group (spec part 2 §2): one option per level the feature flags show, the
 * validation message under it, and the metadata warning while the level is disabled or schema only.
 */
export function OptInLevelFields({
  id,
  levels,
  value,
  onChange,
  disabled,
  error,
  labelledBy,
}: {
  id: string;
  levels: readonly AiOptInLevel[];
  value: AiOptInLevel | undefined;
  onChange: (level: AiOptInLevel) => void;
  disabled: boolean;
  error: string | undefined;
  labelledBy: string;
}) {
  const warning = value ? LIMITED_METADATA[value] : undefined;
  return (
    <div className="flex flex-col gap-3">
      <RadioGroup
        value={value}
        onValueChange={(level) => onChange(level as AiOptInLevel)}
        labelledBy={labelledBy}
        describedBy={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        disabled={disabled}
        className="gap-3"
      >
        {levels.map((level) => (
          <RadioGroup.Item key={level} value={level} description={AI_OPT_IN_LEVEL_OPTIONS[level].description}>
            {AI_OPT_IN_LEVEL_OPTIONS[level].label}
          </RadioGroup.Item>
        ))}
      </RadioGroup>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      {warning ? (
        <Alert tone="warning" title={ORGANIZATION_SETTINGS_MESSAGES.metadataWarningTitle}>
          {warning}
        </Alert>
      ) : null}
    </div>
  );
}

/** The opt-in form's level field: a placeholder while the organization and flags load. */
export function OptInLevelInput({ optIn, id, labelledBy }: { optIn: OptInForm; id: string; labelledBy: string }) {
  if (optIn.loading) return <Skeleton className="h-32 w-full" />;
  return (
    <Controller
      control={optIn.form.control}
      name="aiOptInLevel"
      render={({ field }) => (
        <OptInLevelFields
          id={id}
          levels={optIn.levels}
          value={field.value}
          onChange={field.onChange}
          disabled={!optIn.permission.allowed}
          error={optIn.form.formState.errors.aiOptInLevel?.message}
          labelledBy={labelledBy}
        />
      )}
    />
  );
}
