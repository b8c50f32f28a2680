export { SupportTicketPage as Component } from '../features/support/support-ticket-page';
