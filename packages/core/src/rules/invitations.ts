/**
 * Invitations to an organization: nobody becomes a member without accepting, signed in with the
 * invited email. An invitation left unanswered lapses, so a stale one cannot be accepted months
 * later by whoever holds that address then.
 */
export const INVITATION_VALID_DAYS = 7;
