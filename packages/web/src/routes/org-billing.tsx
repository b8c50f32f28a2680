export { BillingPage as Component } from '../features/billing/billing-page';
