import type { SupportCategory } from '@basin/core';

/** /support/new with the spec's query: slug, projectRef ('no-project' for none), category, subject, message. */
export function supportFormUrl(query: {
  category: SupportCategory;
  slug?: string;
  projectRef?: string;
  subject?: string;
  message?: string;
}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return `/support/new?${params.toString()}`;
}

/** A support ticket about an unresponsive database (spec part 1 §2: category, ref, subject). */
export function supportTicketUrl({ ref, subject }: { ref: string; subject: string }): string {
  const query = new URLSearchParams({ category: 'Database_unresponsive', ref, subject });
  return `/support/new?${query.toString()}`;
}
