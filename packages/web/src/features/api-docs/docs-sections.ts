import type { Permission } from '@basin/core';

export type DocsSectionId = 'introduction' | 'user-management' | 'tables' | 'rpc' | 'storage' | 'edge-functions' | 'realtime';

export interface DocsSection {
  id: DocsSectionId;
  label: string;
  /** Sections about a product area are hidden from roles that may not read it. */
  permission?: Permission;
}

export const DOCS_SECTIONS: readonly DocsSection[] = [
  { id: 'introduction', label: 'Connect' },
  { id: 'user-management', label: 'User Management', permission: 'auth:read' },
  { id: 'tables', label: 'Tables & Views' },
  { id: 'rpc', label: 'Stored Procedures' },
  { id: 'storage', label: 'Storage', permission: 'storage:read' },
  { id: 'edge-functions', label: 'Edge Functions', permission: 'functions:read' },
  { id: 'realtime', label: 'Realtime', permission: 'realtime:read' },
];

/** The sections `allowed` lets the member read (the panel passes `can` with the member's role). */
export function visibleDocsSections(allowed: (permission: Permission) => boolean): DocsSection[] {
  return DOCS_SECTIONS.filter((section) => !section.permission || allowed(section.permission));
}

/** A page of the panel: a section's overview, or one item (table, function, bucket, edge function) in it. */
export interface DocsPage {
  section: DocsSectionId;
  item?: string;
}
