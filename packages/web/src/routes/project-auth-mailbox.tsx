export { MailboxPage as Component } from '../features/auth-mailbox/mailbox-page';
