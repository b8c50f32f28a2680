export { InvitationsPage as Component } from '../features/invitations/invitations-page';
