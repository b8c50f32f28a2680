import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PRESET, parseRange, presetRange, type RangePreset, type TimeRange } from './time-range';

export interface RunRequest {
  sql: string;
  /** A preset to run over (its range ends now), or null with `range` for a custom one; the current choice when absent. */
  preset?: RangePreset | null;
  range?: TimeRange;
}

/**
 * The view the explorer shows lives in the address (`?sql=&its=&ite=`), so a link reproduces it:
 * the SQL that ran (absent: the page's default query) and the exact range it ran over. Which
 * preset the range came from is kept while the page is open, so Run moves a "Last hour" to now;
 * a link opens as the custom range it names.
 */
export function useExplorerState(defaultSql: string) {
  const [params, setParams] = useSearchParams();
  const sql = params.get('sql') || defaultSql;
  const linked = parseRange(params.get('its'), params.get('ite'));
  const [preset, setPreset] = useState<RangePreset | null>(linked ? null : DEFAULT_PRESET);
  // Without a range in the address, the preset's range as of the page's opening (or the last run).
  const [relativeTo, setRelativeTo] = useState(() => Date.now());
  const range = linked ?? presetRange(preset ?? DEFAULT_PRESET, relativeTo);

  /** Shows `sql` over the chosen range. Answers false when that is exactly the view shown (the caller runs it again). */
  function run(request: RunRequest): boolean {
    const nextPreset = request.range ? null : request.preset === undefined ? preset : request.preset;
    const now = Date.now();
    const nextRange = request.range ?? (nextPreset ? presetRange(nextPreset, now) : range);
    setPreset(nextPreset);
    setRelativeTo(now);
    if (request.sql === sql && nextRange.start === range.start && nextRange.end === range.end) return false;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (request.sql === defaultSql) next.delete('sql');
        else next.set('sql', request.sql);
        next.set('its', nextRange.start);
        next.set('ite', nextRange.end);
        return next;
      },
      { replace: true },
    );
    return true;
  }

  return { sql, range, preset, run };
}
