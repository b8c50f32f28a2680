import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrganizationUsage, Project, ProjectUsage, UsageMetric } from '@basin/core/schemas';
import { organizationFixture, PROJECT_REF, projectFixture } from '../../test/fixtures';
import { json, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { OrganizationUsagePage } from './organization-usage-page';
import { UsagePage } from './usage-page';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const metrics = (overrides: Partial<Record<UsageMetric['metric'], number | null>> = {}): UsageMetric[] =>
  [
    { metric: 'database_size', unit: 'bytes', usage: 24 * MB, quota: 0.5 * GB },
    { metric: 'egress', unit: 'bytes', usage: 4.5 * GB, quota: 5 * GB },
    { metric: 'storage_size', unit: 'bytes', usage: 1.5 * GB, quota: 1 * GB },
    { metric: 'function_invocations', unit: 'count', usage: 1234, quota: 500_000 },
    { metric: 'monthly_active_users', unit: 'count', usage: 3, quota: 50_000 },
    { metric: 'compute_hours', unit: 'hours', usage: 2.5, quota: null },
  ].map((metric) =>
    metric.metric in overrides ? { ...metric, usage: overrides[metric.metric as UsageMetric['metric']]! } : metric,
  ) as UsageMetric[];

const projectUsage = (overrides: Partial<ProjectUsage> = {}): ProjectUsage => ({
  project_ref: PROJECT_REF,
  project_name: 'Orders',
  plan: 'free',
  period_start: '2026-03-01T00:00:00.000Z',
  period_end: '2026-04-01T00:00:00.000Z',
  metrics: metrics(),
  ...overrides,
});

function renderProject(answer: MockAnswer, project: Partial<Project> = {}) {
  mockApi({
    [`GET /api/platform/projects/${PROJECT_REF}`]: json(projectFixture(project)),
    'GET /api/platform/organizations/acme': json(organizationFixture()),
    [`GET /api/platform/projects/${PROJECT_REF}/usage`]: answer,
  });
  renderRoutes([{ path: '/project/:ref/usage', element: <UsagePage /> }], `/project/${PROJECT_REF}/usage`);
}

const meter = (label: string) => screen.getByRole('group', { name: label });

describe('project usage page', () => {
  it('shows each figure against the plan’s quota with a bar', async () => {
    renderProject(json(projectUsage()));
    expect(screen.getByLabelText('Loading usage')).toBeTruthy();
    expect(await screen.findByText(/This billing period: Mar 1, 2026 – Mar 31, 2026 \(UTC\)/)).toBeTruthy();
    expect(within(meter('Database size')).getByText('24 MB')).toBeTruthy();
    expect(within(meter('Database size')).getByText(/of 512 MB \(5%\)/)).toBeTruthy();
    expect(within(meter('Database size')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(within(meter('Egress')).getByText(/of 5 GB \(90%\)/)).toBeTruthy();
    expect(within(meter('Egress')).getByRole('progressbar').firstElementChild!.className).toContain('bg-warning');
    expect(within(meter('Storage size')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(meter('Storage size')).getByRole('progressbar').firstElementChild!.className).toContain('bg-danger');
    expect(within(meter('Edge function invocations')).getByText('1,234')).toBeTruthy();
    expect(within(meter('Edge function invocations')).getByText(/of 500,000 \(<1%\)/)).toBeTruthy();
    expect(within(meter('Compute hours')).getByText('2.5 h')).toBeTruthy();
    expect(within(meter('Compute hours')).getByText(/no quota on the Free plan/)).toBeTruthy();
    expect(within(meter('Compute hours')).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'The organization\u2019s usage' }).getAttribute('href')).toBe('/org/acme/usage');
  });

  it('says when a figure is only measured while the project runs', async () => {
    renderProject(json(projectUsage({ metrics: metrics({ monthly_active_users: null }) })), { status: 'INACTIVE' });
    expect(
      await within(await screen.findByRole('group', { name: 'Monthly active users' })).findByText('Measured while the project runs'),
    ).toBeTruthy();
  });

  it('shows the error fallback when the usage cannot be read', async () => {
    renderProject(json({ message: 'boom' }, 500));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('organization usage page', () => {
  it('sums the projects and lists each one', async () => {
    const second = projectUsage({
      project_ref: 'bcdefghijklmnopqrstu',
      project_name: 'Billing',
      metrics: metrics({ database_size: 10 * MB, monthly_active_users: null }),
    });
    const usage: OrganizationUsage = {
      slug: 'acme',
      plan: 'free',
      period_start: '2026-03-01T00:00:00.000Z',
      period_end: '2026-04-01T00:00:00.000Z',
      metrics: metrics({ database_size: 34 * MB }).map((metric) =>
        metric.metric === 'database_size' ? { ...metric, quota: 1 * GB } : metric,
      ),
      projects: [projectUsage(), second],
    };
    mockApi({
      'GET /api/platform/organizations/acme': json(organizationFixture()),
      'GET /api/platform/organizations/acme/usage': json(usage),
    });
    renderRoutes([{ path: '/org/:slug/usage', element: <OrganizationUsagePage /> }], '/org/acme/usage');
    expect(await screen.findByText(/all 2 projects together/)).toBeTruthy();
    expect(within(meter('Database size')).getByText(/34 MB/)).toBeTruthy();
    expect(within(meter('Database size')).getByText(/of 1 GB \(3%\)/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Usage by project' });
    const billing = within(table).getByRole('row', { name: /Billing/ });
    expect(within(billing).getByText('10 MB')).toBeTruthy();
    expect(within(billing).getByText('—')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/usage`);
    expect(screen.getByRole('link', { name: 'Usage' }).getAttribute('aria-current')).toBe('page');
  });
});
