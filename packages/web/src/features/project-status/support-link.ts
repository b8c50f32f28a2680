/** A support ticket about an unresponsive database (spec part 1 §2: category, ref, subject). */
export function supportTicketUrl({ ref, subject }: { ref: string; subject: string }): string {
  const query = new URLSearchParams({ category: 'Database_unresponsive', ref, subject });
  return `/support/new?${query.toString()}`;
}
