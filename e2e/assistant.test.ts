import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { startOpenAiStandIn, text, toolCall, type OpenAiStandIn, type StandInAnswer } from '../packages/server/test/openai-stand-in.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

/**
 * The assistant panel in Chromium against the real platform, whose model is a local OpenAI
 * chat-completions stand-in: prompt → execute_sql → Run Query → the rows back to the model → the
 * chart; the empty state's suggestions from real lints, the link check and the model picker.
 */

let dashboard: Dashboard;
let platform: TestPlatform;
let standIn: OpenAiStandIn;
let api: ApiClient;
let slug: string;
let ref: string;
let connectionString: string;

const SALES_SQL = 'select month, total from public.monthly_sales order by month';

/** Text, then an execute_sql call whose arguments stream in pieces (one model step). */
function textThenSql(intro: string): StandInAnswer {
  const args = JSON.stringify({
    sql: SALES_SQL,
    label: 'Sales per month',
    isWriteQuery: false,
    chartConfig: { view: 'chart', xKey: 'month', yKey: 'total' },
  });
  const third = Math.ceil(args.length / 3);
  return {
    kind: 'stream',
    chunks: [
      { text: intro },
      {
        toolCall: {
          id: 'call_sales',
          name: 'execute_sql',
          arguments: [args.slice(0, third), args.slice(third, 2 * third), args.slice(2 * third)],
        },
      },
      { finish: 'tool_calls' },
    ],
  };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, name) });

/** The project home, then the panel: with the i key, or the top bar's button. */
async function openPanel(page: Page, { hotkey = false } = {}): Promise<void> {
  await page.goto(`${platform.url}/project/${ref}`);
  await page.getByRole('heading', { name: 'Shop' }).first().waitFor();
  if (hotkey) await page.keyboard.press('i');
  else await page.getByRole('button', { name: 'Toggle AI assistant' }).click();
  await page.getByRole('complementary', { name: 'AI assistant' }).waitFor();
}

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  dashboard = await startDashboard({
    ai: {
      apiKey: 'stand-in-key',
      baseUrl: standIn.url,
      models: { 'gpt-5': 'big-model', 'gpt-5-mini': 'small-model' },
      disabled: false,
      maxRetries: 0,
    },
  });
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('assistant'));
  slug = (await api.post('/api/platform/organizations', { name: 'Assisted' })).body.slug;
  ref = await healthyProject(api, slug, 'Shop');
  connectionString = (await api.get(`/api/platform/projects/${ref}`)).body.connectionString;
  // A public table without row level security: the advisors' rls_disabled_in_public, an ERROR.
  await query(
    connectionString,
    `create table public.monthly_sales (month date primary key, total numeric not null);
     insert into public.monthly_sales values ('2026-01-01', 1200), ('2026-02-01', 1850), ('2026-03-01', 2400), ('2026-04-01', 1600);`,
  );
  // Rows may reach the model only at the last level: the test checks they do.
  const optIn = await api.patch(`/api/platform/organizations/${slug}`, { opt_in_tags: ['AI_SQL', 'AI_LOG', 'AI_DATA'] });
  expect(optIn.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await dashboard?.close();
  await standIn?.close();
});

describe('the AI assistant in the dashboard', () => {
  it('suggests fixes for real lints, runs the model’s query on Run Query, sends the rows back and charts them', async () => {
    const page = await dashboard.openPage(api);
    await openPanel(page, { hotkey: true });
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading }).waitFor({ timeout: 30_000 });
    const security = panel.getByRole('region', { name: 'Improve Security' });
    await security.getByRole('button', { name: /public\.monthly_sales/ }).waitFor({ timeout: 30_000 });
    await panel.getByRole('region', { name: 'Ideas' }).getByRole('button', { name: 'Health check' }).waitFor();
    await shot(page, 'assistant-empty-state.png');

    standIn.script(
      textThenSql('Let me total the sales for each month.'),
      text('March was the best month, with ', '2,400 in sales. See [the charts docs](https://basin.dev/docs/charts).'),
    );
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('Which month sold the most?');
    await input.press('Enter');

    const footer = panel.getByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery });
    await footer.waitFor({ timeout: 30_000 });
    await panel.getByText('Let me total the sales for each month.').waitFor();
    expect(await panel.getByTestId('sql-tool-query').textContent()).toBe(SALES_SQL);
    await footer.getByRole('button', { name: 'Run Query' }).click();

    await panel.getByTestId('result-chart').waitFor({ timeout: 30_000 });
    await panel.getByText('2,400 in sales', { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.locator('[data-testid="result-chart"] .recharts-bar-rectangle').count()).toBe(4);
    await shot(page, 'assistant-chart.png');

    // The second model call carried the rows the member's run returned.
    expect(standIn.requests).toHaveLength(2);
    const sent = JSON.stringify(standIn.requests[1]!.body.messages);
    expect(sent).toContain('2026-03-01');
    expect(sent).toContain('2400');
    // Both turns are stored: reopening the panel on a new page shows them.
    const chats = (await api.get(`/api/platform/projects/${ref}/ai/chats`)).body as { id: string; name: string }[];
    expect(chats).toHaveLength(1);
    expect(chats[0]!.name).toBe('Which month sold the most?');
    const stored = (await api.get(`/api/platform/projects/${ref}/ai/chats/${chats[0]!.id}/messages`)).body as { role: string }[];
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);

    // The link in the answer opens only after the check.
    await panel.getByRole('link', { name: 'the charts docs' }).click();
    const dialog = page.getByRole('dialog', { name: ASSISTANT_MESSAGES.verifyLink });
    await dialog.waitFor();
    expect(await dialog.getByTestId('verify-link-url').textContent()).toBe('https://basin.dev/docs/charts');
    await shot(page, 'assistant-link-dialog.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const reopened = await dashboard.openPage(api);
    await openPanel(reopened);
    const again = reopened.getByRole('complementary', { name: 'AI assistant' });
    await again.getByTestId('result-chart').waitFor({ timeout: 30_000 });
    await again.getByText('2,400 in sales', { exact: false }).waitFor();
    await reopened.close();
    await page.close();
  });

  it('offers gpt-5 on the free plan only through billing, and on Pro directly', async () => {
    const page = await dashboard.openPage(api);
    await openPanel(page);
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByTestId('result-chart').waitFor({ timeout: 30_000 });
    await panel.getByRole('link', { name: 'the charts docs' }).waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Model: gpt-5-mini', exact: true }).click();
    const gpt5 = page.getByRole('menuitemradio', { name: /^gpt-5\s*gpt-5 is available/ });
    await gpt5.getByText(ASSISTANT_MESSAGES.gpt5NeedsPro).waitFor();
    await shot(page, 'assistant-model-picker-free.png');
    await gpt5.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/org/${slug}/billing`);
    expect(new URL(page.url()).search).toBe('?panel=subscriptionPlan&source=ai-assistant-model');

    expect((await api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })).status).toBe(200);
    await openPanel(page);
    await panel.getByRole('button', { name: 'Model: gpt-5', exact: true }).click({ timeout: 30_000 });
    await page.getByRole('menuitemradio', { name: 'gpt-5-mini', exact: true }).waitFor();
    expect(await page.getByText(ASSISTANT_MESSAGES.gpt5NeedsPro).count()).toBe(0);
    await shot(page, 'assistant-model-picker-pro.png');
    await page.keyboard.press('Escape');

    standIn.script(text('Hello from the big model.'));
    const input = panel.getByRole('textbox', { name: 'Message' });
    await input.fill('Hi');
    await input.press('Enter');
    await panel.getByText('Hello from the big model.').waitFor({ timeout: 30_000 });
    expect(standIn.requests.at(-1)!.body.model).toBe('big-model');
    await page.close();
  });

  it('asks before a write: Run Query writes the row as the member, Skip tells the model the query was skipped', async () => {
    const page = await dashboard.openPage(api);
    await openPanel(page);
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByRole('button', { name: 'New chat' }).click({ timeout: 30_000 });
    await panel.getByRole('heading', { name: ASSISTANT_MESSAGES.emptyHeading }).waitFor();
    const input = panel.getByRole('textbox', { name: 'Message' });
    const footer = panel.getByRole('group', { name: ASSISTANT_MESSAGES.confirmQuery });

    const insert = "insert into public.monthly_sales (month, total) values ('2026-05-01', 900) returning month, total";
    standIn.script(
      toolCall('execute_sql', { sql: insert, label: 'Add May', isWriteQuery: true }, 'call_write'),
      text('May is in, with 900 in sales.'),
    );
    let mark = standIn.requests.length;
    await input.fill('Add May with 900 in sales');
    await input.press('Enter');
    await footer.waitFor({ timeout: 30_000 });
    await footer.getByText('This query changes your database').waitFor();
    expect(await panel.getByTestId('sql-tool-query').last().textContent()).toBe(insert);
    await shot(page, 'assistant-write-confirmation.png');
    // Nothing ran before the member confirmed.
    expect(
      (await query(connectionString, "select count(*)::int as n from public.monthly_sales where month = '2026-05-01'")).rows[0].n,
    ).toBe(0);
    await footer.getByRole('button', { name: 'Run Query' }).click();
    await panel.getByText('May is in, with 900 in sales.').waitFor({ timeout: 30_000 });
    const written = await query(connectionString, "select total::int as total from public.monthly_sales where month = '2026-05-01'");
    expect(written.rows).toEqual([{ total: 900 }]);
    expect(standIn.requests.length - mark).toBe(2);
    const ran = standIn.requests.at(-1)!.body.messages.find((message: { role: string }) => message.role === 'tool');
    expect(ran).toMatchObject({ tool_call_id: 'call_write' });
    expect(ran.content).toContain('900');

    const wipe = 'delete from public.monthly_sales';
    standIn.script(
      toolCall('execute_sql', { sql: wipe, label: 'Delete every sale', isWriteQuery: true }, 'call_skip'),
      text('Fine, nothing was deleted.'),
    );
    mark = standIn.requests.length;
    // The answer's text shows before its stream has ended; a message sent until then is not sent.
    await panel.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 30_000 });
    await input.fill('Delete all the sales');
    await input.press('Enter');
    await footer.waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('sql-tool-query').last().textContent()).toBe(wipe);
    await footer.getByRole('button', { name: 'Skip' }).click();
    await panel.getByText('Fine, nothing was deleted.').waitFor({ timeout: 30_000 });
    expect(standIn.requests.length - mark).toBe(2);
    const skipped = standIn.requests
      .at(-1)!
      .body.messages.find((message: { role: string; tool_call_id?: string }) => message.tool_call_id === 'call_skip');
    expect(skipped.content).toContain(ASSISTANT_MESSAGES.skippedQuery);
    expect((await query(connectionString, 'select count(*)::int as n from public.monthly_sales')).rows[0].n).toBe(5);
    await page.close();
  });

  it('debugs a failed query from the SQL editor: a new chat with the query attached, whose SQL reaches the model, and the event is counted', async () => {
    const page = await dashboard.openPage(api);
    await page.goto(`${platform.url}/project/${ref}/sql`);
    const broken = 'select month, totl from public.monthly_sales';
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(broken);
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.getByText('ERROR: column "totl" does not exist').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Debug with Assistant' }).click();

    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    const input = panel.getByRole('textbox', { name: 'Message' });
    await expect
      .poll(() => input.inputValue(), { timeout: 30_000 })
      .toContain('ERROR: column "totl" does not exist\nHint: Perhaps you meant to reference the column');
    const attached = panel.getByRole('list', { name: 'Attached snippets' });
    // Named after the query ('Untitled query' once the first edit saved it), holding the SQL that failed.
    expect(await attached.getByRole('listitem').getAttribute('title')).toBe(broken);
    expect(await input.getAttribute('placeholder')).toBe(ASSISTANT_MESSAGES.placeholderSnippets);
    await panel.getByRole('region', { name: 'Ideas' }).getByRole('button', { name: 'Debug issues' }).waitFor();
    await shot(page, 'assistant-debug-snippet.png');

    standIn.script(text('The column is called total, not totl.'));
    const mark = standIn.requests.length;
    await input.press('Enter');
    await panel.getByText('The column is called total, not totl.').waitFor({ timeout: 30_000 });
    const system = standIn.requests[mark]!.body.messages.find((message: { role: string }) => message.role === 'system').content as string;
    expect(system).toContain('## SQL the user attached');
    expect(system).toContain(broken);
    const counted = await platform.ctx.db.query("select project_ref from telemetry_events where event = 'assistant_debug_submitted'");
    expect(counted.rows).toEqual([{ project_ref: ref }]);
    await page.close();
  });
});
