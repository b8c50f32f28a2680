import { usePanelParam } from '../../lib/use-panel-param';

/** The side panels of the billing page, named by `?panel=` as the spec's links do (part 2 §2). */
export const BILLING_PANELS = ['subscriptionPlan', 'costControl'] as const;
export type BillingPanel = (typeof BILLING_PANELS)[number];

export const useBillingPanel = () => usePanelParam(BILLING_PANELS);
