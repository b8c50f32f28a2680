import { describe, expect, it } from 'vitest';
import { ADDON_MESSAGES } from '../addons-messages.ts';
import { LIFECYCLE_MESSAGES } from '../lifecycle-messages.ts';
import { ProjectAddonsResponse, UpdateAddonBody } from '../schemas/addons.ts';
import {
  AVAILABLE_ADDONS,
  COMPUTE_ADDON_IDS,
  computeAddonId,
  computeAddonName,
  computeAddonSize,
  computeAddonVariant,
  parseComputeAddon,
  pitrAddonVariant,
  pitrAllowed,
  requestedAddon,
  selectedAddons,
  selectedComputeAddon,
} from './addons.ts';
import { COMPUTE_SIZE_IDS } from './instance-settings.ts';

describe('compute add-ons', () => {
  it('maps every size to ci_<size> and back', () => {
    expect(COMPUTE_ADDON_IDS).toHaveLength(COMPUTE_SIZE_IDS.length);
    for (const size of COMPUTE_SIZE_IDS) expect(parseComputeAddon(computeAddonId(size))).toBe(size);
    expect(computeAddonId('24xlarge_optimized_cpu')).toBe('ci_24xlarge_optimized_cpu');
  });

  it('recognises only the catalogue variants', () => {
    expect(parseComputeAddon('ci_small')).toBe('small');
    expect(parseComputeAddon('small')).toBeNull();
    expect(parseComputeAddon('ci_huge')).toBeNull();
    expect(parseComputeAddon('pitr_7')).toBeNull();
  });

  it('selects no compute add-on on the default size, and one on any other', () => {
    expect(selectedComputeAddon('micro')).toBeNull();
    expect(selectedComputeAddon('nano')).toBe('ci_nano');
    expect(selectedComputeAddon('small')).toBe('ci_small');
    expect(selectedAddons('micro')).toEqual([]);
    expect(selectedAddons('2xlarge')).toEqual([
      {
        type: 'compute_instance',
        variant: { identifier: 'ci_2xlarge', name: '2XL', price: 0.562, price_interval: 'hourly', price_type: 'usage' },
      },
    ]);
  });

  it('reads the compute size back from selected add-ons', () => {
    expect(computeAddonSize(selectedAddons('large'))).toBe('large');
    expect(computeAddonSize(selectedAddons('micro'))).toBeNull();
    expect(computeAddonSize([{ type: 'pitr', variant: { identifier: 'pitr_7' } }])).toBeNull();
  });

  it('names sizes as a price list does', () => {
    expect(computeAddonName('nano')).toBe('Nano');
    expect(computeAddonName('small')).toBe('Small');
    expect(computeAddonName('xlarge')).toBe('XL');
    expect(computeAddonName('16xlarge')).toBe('16XL');
    expect(computeAddonName('24xlarge_optimized_cpu')).toBe('24XL Optimized CPU');
    expect(computeAddonName('48xlarge_high_memory')).toBe('48XL High Memory');
  });

  it('prices variants by the hour from the catalogue', () => {
    expect(computeAddonVariant('small')).toEqual({
      identifier: 'ci_small',
      name: 'Small',
      price: 0.0206,
      price_interval: 'hourly',
      price_type: 'usage',
    });
  });

  it('offers every compute size and three PITR windows', () => {
    expect(AVAILABLE_ADDONS.map((addon) => [addon.type, addon.variants.length])).toEqual([
      ['compute_instance', 19],
      ['pitr', 3],
    ]);
    expect(pitrAddonVariant(14)).toEqual({
      identifier: 'pitr_14',
      name: '14 days',
      price: 0.274,
      price_interval: 'hourly',
      price_type: 'usage',
    });
  });

  it('turns a request into a size or a PITR window, or says why not', () => {
    expect(requestedAddon('compute_instance', 'ci_medium')).toEqual({ size: 'medium' });
    expect(requestedAddon('compute_instance', 'ci_micro')).toEqual({ size: 'micro' });
    expect(requestedAddon('compute_instance', 'medium')).toEqual({ error: LIFECYCLE_MESSAGES.unknownComputeSize('medium') });
    expect(requestedAddon('pitr', 'pitr_7')).toEqual({ pitrDays: 7 });
    expect(requestedAddon('pitr', 'pitr_30')).toEqual({ error: ADDON_MESSAGES.unknownPitrVariant('pitr_30') });
  });

  it('lists PITR beside compute among the selected add-ons', () => {
    expect(selectedAddons('small', 28)).toEqual([
      { type: 'compute_instance', variant: computeAddonVariant('small') },
      { type: 'pitr', variant: pitrAddonVariant(28) },
    ]);
    expect(selectedAddons('micro', 7)).toEqual([{ type: 'pitr', variant: pitrAddonVariant(7) }]);
  });

  it('allows PITR on paid plans from the Small size up', () => {
    expect(pitrAllowed('free', 'large')).toEqual({ error: ADDON_MESSAGES.pitrNeedsPaidPlan });
    expect(pitrAllowed('pro', 'micro')).toEqual({ error: ADDON_MESSAGES.pitrNeedsCompute });
    expect(pitrAllowed('pro', 'small')).toEqual({ ok: true });
    expect(pitrAllowed('team', '4xlarge')).toEqual({ ok: true });
  });
});

describe('add-on payloads', () => {
  it('takes the two add-on types and names anything else', () => {
    expect(UpdateAddonBody.parse({ addon_type: 'compute_instance', addon_variant: 'ci_small' })).toEqual({
      addon_type: 'compute_instance',
      addon_variant: 'ci_small',
    });
    expect(UpdateAddonBody.safeParse({ addon_type: 'ipv4', addon_variant: 'ipv4_default' }).error?.issues[0]?.message).toBe(
      ADDON_MESSAGES.unknownType,
    );
    expect(UpdateAddonBody.safeParse({ addon_type: 'pitr', addon_variant: '' }).error?.issues[0]?.message).toBe(
      'addon_variant is required',
    );
  });

  it('describes what the rules build', () => {
    const answer = { ref: 'abcdefghijklmnopqrst', selected_addons: selectedAddons('small'), available_addons: [...AVAILABLE_ADDONS] };
    expect(ProjectAddonsResponse.parse(answer)).toEqual(answer);
  });
});
