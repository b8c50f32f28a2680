/** The usage pages' billing period: the calendar month in UTC, as Basin bills nothing and starts no cycle. */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

export function billingPeriod(now: Date): BillingPeriod {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}
