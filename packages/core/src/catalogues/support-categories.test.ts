import { describe, expect, it } from 'vitest';
import { NO_PROJECT, SUPPORT_CATEGORIES, SUPPORT_CATEGORY_VALUES, supportCategoryLabel } from './support-categories.ts';

describe('support categories', () => {
  it("include the spec's Plan_upgrade and Database_unresponsive", () => {
    expect(SUPPORT_CATEGORY_VALUES).toContain('Plan_upgrade');
    expect(SUPPORT_CATEGORY_VALUES).toContain('Database_unresponsive');
  });

  it('have unique values and labels', () => {
    expect(new Set(SUPPORT_CATEGORY_VALUES).size).toBe(SUPPORT_CATEGORIES.length);
    expect(new Set(SUPPORT_CATEGORIES.map((c) => c.label)).size).toBe(SUPPORT_CATEGORIES.length);
  });

  it('label a category', () => {
    expect(supportCategoryLabel('Database_unresponsive')).toBe('Database unresponsive');
  });

  it("use 'no-project' when the ticket is about no project", () => {
    expect(NO_PROJECT).toBe('no-project');
  });
});
