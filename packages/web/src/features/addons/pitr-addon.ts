import { HOURS_PER_MONTH, parsePitrAddon, type AddonVariant, type PitrRetentionDays } from '@basin/core';
import { cataloguePrice } from '../../lib/format-price';

/** The retention of the project's selected PITR add-on, or null when point in time recovery is off. */
export function selectedPitrDays(selected: readonly { type: string; variant: { identifier: string } }[]): PitrRetentionDays | null {
  const pitr = selected.find((addon) => addon.type === 'pitr');
  return pitr ? parsePitrAddon(pitr.variant.identifier) : null;
}

/** A PITR variant's price, billed by the hour: '$0.137 / hour · ~$100 / month'. */
export function pitrVariantPrice(variant: AddonVariant): string {
  return `${cataloguePrice(variant.price)} / hour · ~$${Math.round(variant.price * HOURS_PER_MONTH).toLocaleString('en-US')} / month`;
}
