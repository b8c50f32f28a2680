export const invitationKeys = {
  /** An organization's pending invitations. */
  list: (slug: string | undefined) => ['organizations', slug, 'invitations'] as const,
  /** The signed-in user's pending invitations. */
  mine: () => ['profile', 'invitations'] as const,
};
