import { describe, expect, it } from 'vitest';
import { APP_TITLE, pageTitle, projectHomeHeading } from './page-title.ts';

describe('pageTitle', () => {
  it("joins page, project, organization and 'Basin' with ' | '", () => {
    expect(pageTitle({ page: 'Settings', project: 'Shop', organization: 'Acme' })).toBe('Settings | Shop | Acme | Basin');
  });

  it('uses the table name in place of the page', () => {
    expect(pageTitle({ page: 'Table Editor', table: 'orders', project: 'Shop', organization: 'Acme' })).toBe(
      'orders | Shop | Acme | Basin',
    );
  });

  it('leaves out the parts that are missing or empty', () => {
    expect(pageTitle({ page: 'Organizations' })).toBe('Organizations | Basin');
    expect(pageTitle({ project: 'Shop', organization: 'Acme' })).toBe('Shop | Acme | Basin');
    expect(pageTitle({ page: 'Home', project: '', organization: 'Acme' })).toBe('Home | Acme | Basin');
  });

  it('is the app title alone without parts', () => {
    expect(pageTitle({})).toBe(APP_TITLE);
    expect(APP_TITLE).toBe('Basin');
  });
});

describe('projectHomeHeading', () => {
  it("welcomes on the 'default' project", () => {
    expect(projectHomeHeading('default', 'Shop')).toBe('Welcome to your project');
    expect(projectHomeHeading('default', undefined)).toBe('Welcome to your project');
  });

  it('is the project name elsewhere, empty while it loads', () => {
    expect(projectHomeHeading('abcdefghijklmnopqrst', 'Shop')).toBe('Shop');
    expect(projectHomeHeading('abcdefghijklmnopqrst', undefined)).toBe('');
  });
});
