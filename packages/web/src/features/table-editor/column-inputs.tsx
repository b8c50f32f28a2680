import type { ColumnType } from '@basin/core/schemas';
import { DEFAULT_SUGGESTIONS, typeLabel } from './column-drafts';

/**
 * The suggestions a panel's type and default fields share, once per panel: a native datalist,
 * which the browser filters as the member types (a searchable list of the instance's types).
 */
export function ColumnSuggestions({ id, types }: { id: string; types: ColumnType[] }) {
  return (
    <>
      <datalist id={`${id}-types`}>
        {types.map((type) => (
          <option key={type.id} value={typeLabel(type)}>
            {type.kind === 'base' ? type.format : `${type.format} (${type.kind})`}
          </option>
        ))}
      </datalist>
      <datalist id={`${id}-defaults`}>
        {DEFAULT_SUGGESTIONS.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}

/** The `list` attributes of the type and default fields, for the suggestions of `ColumnSuggestions` with the same id. */
export const suggestionLists = (id: string) => ({ types: `${id}-types`, defaults: `${id}-defaults` });
