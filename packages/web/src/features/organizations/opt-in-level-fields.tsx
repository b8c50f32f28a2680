import { AI_OPT_IN_LEVEL_OPTIONS, ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import type { AiOptInLevel } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { FieldError, useFormField } from '../../ui/form-field';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import type { OptInForm } from './use-opt-in-form';

const LIMITED_METADATA = ORGANIZATION_SETTINGS_MESSAGES.metadataWarning as Partial<Record<AiOptInLevel, string>>;

/**
 * The AI opt-in radio group (spec part 2 §2): one option per level the feature flags show, the
 * validation message under it, and the metadata warning while the level is disabled or schema only.
 * The group is named by a heading of the card or dialog (`labelledBy`), not a label of its own.
 */
function OptInLevelFields({ optIn, id, labelledBy }: { optIn: OptInForm; id: string; labelledBy: string }) {
  const { field, props, error } = useFormField({ control: optIn.form.control, name: 'aiOptInLevel', id });
  const warning = field.value ? LIMITED_METADATA[field.value] : undefined;
  return (
    <div className="flex flex-col gap-3">
      <RadioGroup
        value={field.value}
        onValueChange={(level) => field.onChange(level as AiOptInLevel)}
        labelledBy={labelledBy}
        describedBy={props['aria-describedby']}
        invalid={props.invalid}
        disabled={!optIn.permission.allowed}
        className="gap-3"
      >
        {optIn.levels.map((level) => (
          <RadioGroup.Item key={level} value={level} description={AI_OPT_IN_LEVEL_OPTIONS[level].description}>
            {AI_OPT_IN_LEVEL_OPTIONS[level].label}
          </RadioGroup.Item>
        ))}
      </RadioGroup>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
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
  return <OptInLevelFields optIn={optIn} id={id} labelledBy={labelledBy} />;
}
