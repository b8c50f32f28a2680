import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { PROJECT_REF } from '../../test/fixtures';
import { json } from '../../test/mock-api';
import { dropAllChatSessions } from './chat-session';
import { SQL_CARD_TYPE } from '../reports/add-to-report';
import { answer, mockAssistant, openAssistant, orgFixture, paths, sqlResult } from './test-kit';

afterEach(() => dropAllChatSessions());

const functionsPath = `/api/v1/projects/${PROJECT_REF}/functions`;
const HELLO = 'Deno.serve(() => new Response("hello"))';
const helloCall = {
  id: 'call-f',
  name: 'deploy_edge_function',
  input: { code: HELLO, name: 'hello', slug: 'hello', label: 'Hello function' },
};
const deployFooter = () => screen.findByRole('group', { name: 'Assistant wants to deploy this Edge Function' });

function toolOutput(messages: UIMessage[] | undefined, toolCallId: string) {
  const part = messages?.at(-1)?.parts.find((candidate) => 'toolCallId' in candidate && candidate.toolCallId === toolCallId);
  return part && 'output' in part ? part.output : undefined;
}

const edgeFunction = {
  id: 'f1',
  slug: 'hello',
  name: 'hello',
  status: 'ACTIVE',
  version: 1,
  created_at: 0,
  updated_at: 0,
  verify_jwt: true,
  import_map: false,
  entrypoint_path: 'index.ts',
  import_map_path: null,
  ezbr_sha256: 'x',
};

describe('the edge function tool', () => {
  it('deploys a new function through the multipart route and shows its URL and the CLI command', async () => {
    const { calls, generated } = mockAssistant({
      api: {
        [`GET ${functionsPath}/hello`]: json({ message: 'Function not found' }, 404),
        [`POST ${functionsPath}/deploy`]: json(edgeFunction),
      },
      generate: (_body, call) =>
        call === 1 ? answer({ text: 'Here is your function.', tool: helloCall }) : answer({ text: 'It is live.' }),
    });
    const { user } = await openAssistant();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Make a hello function{Enter}');
    const footer = await deployFooter();
    expect(screen.getByTestId('edge-function-code').textContent).toBe(HELLO);

    await user.click(within(footer).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(generated).toHaveLength(2));
    const deploy = calls.find((call) => call.method === 'POST' && call.path === `${functionsPath}/deploy`);
    expect(deploy).toBeTruthy();
    const output = toolOutput(generated[1]?.messages as UIMessage[], 'call-f') as { success: boolean; url: string };
    expect(output.success).toBe(true);
    expect(output.url).toMatch(/\/functions\/v1\/hello$/);
    expect(await screen.findByText(ASSISTANT_MESSAGES.deployed)).toBeTruthy();
    expect(screen.getByTestId('function-url').textContent).toBe(output.url);
    expect(screen.getByTestId('function-download').textContent).toBe(`supabase functions download hello --project-ref ${PROJECT_REF}`);
  });

  it('warns before replacing a function of that name; Cancel goes back, Replace function deploys', async () => {
    const { calls, generated } = mockAssistant({
      api: {
        [`GET ${functionsPath}/hello`]: json(edgeFunction),
        [`POST ${functionsPath}/deploy`]: json({ ...edgeFunction, version: 2 }),
      },
      generate: (_body, call) => (call === 1 ? answer({ tool: helloCall }) : answer({ text: 'Replaced.' })),
    });
    const { user } = await openAssistant();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Update hello{Enter}');
    await user.click(within(await deployFooter()).getByRole('button', { name: 'Deploy' }));
    const replace = await screen.findByRole('group', { name: 'A function named hello already exists' });
    await user.click(within(replace).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === `${functionsPath}/deploy`)).toBe(false);

    await user.click(within(await deployFooter()).getByRole('button', { name: 'Deploy' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'A function named hello already exists' })).getByRole('button', {
        name: 'Replace function',
      }),
    );
    await waitFor(() => expect(generated).toHaveLength(2));
    expect(calls.filter((call) => call.path === `${functionsPath}/deploy`)).toHaveLength(1);
  });

  it('reports a failed deploy to the model and in a toast, and Skip answers Skipped', async () => {
    const { generated } = mockAssistant({
      api: {
        [`GET ${functionsPath}/hello`]: json({ message: 'Function not found' }, 404),
        [`POST ${functionsPath}/deploy`]: json({ message: 'The entrypoint index.ts does not compile' }, 400),
      },
      generate: (_body, call) =>
        call === 1
          ? answer({ tool: helloCall })
          : call === 2
            ? answer({ tool: { ...helloCall, id: 'call-g' } })
            : answer({ text: 'Fine.' }),
    });
    const { user } = await openAssistant();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Deploy{Enter}');
    await user.click(within(await deployFooter()).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(generated).toHaveLength(2));
    expect(toolOutput(generated[1]?.messages as UIMessage[], 'call-f')).toEqual({
      success: false,
      error: 'The entrypoint index.ts does not compile',
    });
    expect(await screen.findByText(ASSISTANT_MESSAGES.deployFailed('The entrypoint index.ts does not compile'))).toBeTruthy();
    expect(screen.getByText(`${ASSISTANT_MESSAGES.functionFailed} The entrypoint index.ts does not compile`)).toBeTruthy();

    await user.click(within(await deployFooter()).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(generated).toHaveLength(3));
    expect(toolOutput(generated[2]?.messages as UIMessage[], 'call-g')).toEqual({ success: false, error: 'Skipped' });
  });

  it('keeps Deploy disabled for members who may not deploy', async () => {
    mockAssistant({ organization: orgFixture({ role: 'Read-only' }), generate: () => answer({ tool: helloCall }) });
    const { user } = await openAssistant();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Deploy{Enter}');
    expect(
      within(await deployFooter())
        .getByRole('button', { name: 'Deploy' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});

describe('the result widget', () => {
  const stored = (chartConfig?: object): UIMessage[] => [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Orders?' }] },
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        {
          type: 'tool-execute_sql',
          toolCallId: 'c1',
          state: 'output-available',
          input: { sql: 'select month, orders from monthly', label: 'Monthly orders', chartConfig },
          output: [
            { month: '2026-01-01', orders: '4' },
            { month: '2026-02-01', orders: '9' },
          ],
        } as never,
      ],
    },
  ];

  it('shows a table, then a chart once X and Y are chosen', async () => {
    mockAssistant({ api: { [`GET ${paths.messages()}`]: json(stored()) } });
    const { user } = await openAssistant();
    const table = await screen.findByTestId('result-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('2026-02-01')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Chart' }));
    expect(screen.getByText(ASSISTANT_MESSAGES.chartNeedsAxes)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'X axis' }));
    await user.click(await screen.findByRole('option', { name: 'month' }));
    expect(screen.getByText(ASSISTANT_MESSAGES.chartNeedsAxes)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Y axis' }));
    await user.click(await screen.findByRole('option', { name: 'orders' }));
    expect(await screen.findByTestId('result-chart')).toBeTruthy();
    expect(screen.queryByText(ASSISTANT_MESSAGES.chartNeedsAxes)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show query' }));
    expect(screen.getByTestId('result-query').textContent).toBe('select month, orders from monthly');
  });

  it('opens the query in the SQL editor as a new snippet', async () => {
    const { calls } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json(stored({ view: 'chart', xKey: 'month', yKey: 'orders' })),
        [`POST /api/platform/projects/${PROJECT_REF}/snippets`]: json({
          id: 'snip-1',
          name: 'Monthly orders',
          sql: 'x',
          owner_id: 'u',
          project_id: 1,
          project_ref: PROJECT_REF,
          inserted_at: '',
          updated_at: '',
        }),
      },
    });
    const { user, router } = await openAssistant();
    expect(await screen.findByTestId('result-chart')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open in SQL editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_REF}/sql/snip-1`));
    expect(calls.find((call) => call.path.endsWith('/snippets'))?.body).toEqual({
      name: 'Monthly orders',
      sql: 'select month, orders from monthly',
    });
  });
});

describe('code blocks in answers', () => {
  it('runs a SQL block with a properties comment read-only and charts it as its properties say', async () => {
    const text = [
      'Try this:',
      '',
      '```sql',
      '-- props: {"id":"q1","title":"Signups per day","isChart":true,"xAxis":"day","yAxis":"signups"}',
      'select day, signups from daily_signups;',
      '```',
    ].join('\n');
    const { calls } = mockAssistant({
      api: {
        [`GET ${paths.messages()}`]: json([
          { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Signups?' }] },
          { id: 'a1', role: 'assistant', parts: [{ type: 'text', text }] },
        ]),
        [`POST ${paths.sql}`]: json(
          sqlResult(
            ['day', 'signups'],
            [
              ['2026-03-01', '5'],
              ['2026-03-02', '8'],
            ],
          ),
        ),
      },
    });
    const { user } = await openAssistant();
    const block = await screen.findByTestId('code-block');
    expect(within(block).getByText('Signups per day')).toBeTruthy();
    expect(within(block).queryByText(/props:/)).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Run query Signups per day' }));
    expect(await within(block).findByTestId('result-chart')).toBeTruthy();
    expect(calls.find((call) => call.path === paths.sql)?.body).toEqual({
      query: 'select day, signups from daily_signups;',
      read_only: true,
    });
  });
});

describe('a result card on its way to a report', () => {
  const REPORT_ID = '5b0e5c43-32a4-4d0e-9b7e-3f5a7f3c2d11';
  const items = `/api/platform/projects/${PROJECT_REF}/reports/${REPORT_ID}/items`;
  const signups = [
    'Here:',
    '',
    '```sql',
    '-- props: {"id":"q1","title":"Signups per day","isChart":true,"xAxis":"day","yAxis":"signups"}',
    'select day, signups from daily_signups;',
    '```',
  ].join('\n');
  const api = (extra = {}) => ({
    [`GET ${paths.messages()}`]: json([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Signups?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: signups }] },
    ]),
    [`POST ${paths.sql}`]: json(sqlResult(['day', 'signups'], [['2026-03-01', '5']])),
    ...extra,
  });

  async function runCard(path?: string, heading?: string) {
    const { user } = await openAssistant(path ? { path, heading } : undefined);
    const block = await screen.findByTestId('code-block');
    await user.click(within(block).getByRole('button', { name: 'Run query Signups per day' }));
    await within(block).findByTestId('result-chart');
    return { user, widget: within(block).getByTestId('result-widget') };
  }

  it('goes onto the report page’s report with Add to report, as the chart it is', async () => {
    const { calls } = mockAssistant({ api: api({ [`POST ${items}`]: json({ id: REPORT_ID, name: 'Growth', items: [] }) }) });
    const { user, widget } = await runCard(`/project/${PROJECT_REF}/reports/${REPORT_ID}`, 'Report page');
    await user.click(within(widget).getByRole('button', { name: 'Add to report' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === items)?.body).toEqual({
        sql: 'select day, signups from daily_signups;',
        label: 'Signups per day',
        chartConfig: { view: 'chart', xKey: 'day', yKey: 'signups' },
      }),
    );
  });

  it('can be dragged from the project home, carrying the card; never for a Read-only member', async () => {
    mockAssistant({ api: api() });
    const { widget } = await runCard();
    expect(widget.getAttribute('draggable')).toBe('true');
    expect(within(widget).queryByRole('button', { name: 'Add to report' })).toBeNull();
    const data = new Map<string, string>();
    fireEvent.dragStart(widget, {
      dataTransfer: { setData: (type: string, value: string) => data.set(type, value), effectAllowed: 'none' },
    });
    expect(JSON.parse(data.get(SQL_CARD_TYPE)!)).toMatchObject({
      sql: 'select day, signups from daily_signups;',
      chartConfig: { xKey: 'day', yKey: 'signups' },
    });
  });

  it('stays put for a member who may not create SQL content', async () => {
    mockAssistant({ api: api(), organization: orgFixture({ role: 'Read-only' }) });
    const { widget } = await runCard();
    expect(widget.getAttribute('draggable')).toBe('false');
  });
});
