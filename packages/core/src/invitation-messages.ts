/** What the invitation routes and screens say. */
export const INVITATION_MESSAGES = {
  /** The same words whether or not the email has an account: the answer must not tell. */
  sent: (email: string) => `Invitation sent to ${email}`,
  revoked: (email: string) => `Revoked the invitation for ${email}`,
  accepted: (organization: string) => `Joined ${organization}`,
  declined: (organization: string) => `Declined the invitation to ${organization}`,
  inviteFailed: (message: string) => `Failed to invite member: ${message}`,
  revokeFailed: (message: string) => `Failed to revoke invitation: ${message}`,
  acceptFailed: (message: string) => `Failed to accept invitation: ${message}`,
  declineFailed: (message: string) => `Failed to decline invitation: ${message}`,
} as const;
