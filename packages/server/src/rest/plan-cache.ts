/**
 * The plans of reads, kept per schema cache: a read's statement follows from its URL, the headers
 * that shape it and the project's settings, so the same read asked again (an app's usual case)
 * skips parsing and SQL building. A reloaded schema cache is a new object and starts with none;
 * writes, whose statements follow from their bodies too, are never kept.
 */
import type { SchemaCache } from './types.ts';

/** Enough for the distinct reads of an app; past it the oldest plan goes. */
const MAX_PLANS = 1000;

const plansByCache = new WeakMap<SchemaCache, Map<string, unknown>>();

/** The plan `key` names in `cache`'s plans, made by `plan` on first use. `key` must name everything the plan depends on. */
export function rememberedPlan<P>(cache: SchemaCache, key: string, plan: () => P): P {
  let plans = plansByCache.get(cache);
  if (!plans) plansByCache.set(cache, (plans = new Map()));
  const known = plans.get(key);
  if (known !== undefined) return known as P;
  const made = plan();
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
  plans.set(key, made);
  return made;
}
