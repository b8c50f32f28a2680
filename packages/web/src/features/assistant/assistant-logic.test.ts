import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_IDEAS } from '@basin/core';
import { toNumber, xTypeOf } from '../../lib/chart-points';
import { chartPoints, columnsOf } from './chart-data';
import { canSubmit } from './chat-input';
import { clientToolsAnswered, generateBody } from './chat-session';
import { splitCodeBlockProps } from './code-block-props';
import { isContextTooLong } from './conversation';
import { DEFAULT_IDEAS, lintSuggestions } from './empty-state';
import { linkTarget } from './link-safety';
import { modelInUse, modelUpgradePath } from './models';
import { isReadOnlyFailure, rowsOf } from './sql-run';
import { lintFixture, sqlResult } from './test-kit';
import { functionToolInput, functionToolOutput, slugOf, sqlToolInput, sqlToolOutput } from './tool-inputs';

describe('links in the assistant’s text', () => {
  it('follows the allowed schemes and relative links, nothing else', () => {
    expect(linkTarget('https://basin.dev/docs')).toEqual({ kind: 'external', href: 'https://basin.dev/docs' });
    for (const href of [
      'http://a.b',
      'mailto:ada@example.com',
      'irc://irc.libera.chat/basin',
      'ircs://x',
      'xmpp:ada@example.com',
      'HTTPS://A.B',
    ]) {
      expect(linkTarget(href).kind).toBe('external');
    }
    expect(linkTarget('/project/abc/sql')).toEqual({ kind: 'relative', href: '/project/abc/sql' });
    expect(linkTarget('settings/api')).toEqual({ kind: 'relative', href: 'settings/api' });
    expect(linkTarget('#part')).toEqual({ kind: 'relative', href: '#part' });
    expect(linkTarget('//evil.example/x').kind).toBe('external');
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      '',
      undefined,
    ]) {
      expect(linkTarget(href).kind).toBe('blocked');
    }
  });
});

describe('code block properties', () => {
  it('reads the props comment and takes it out of the code', () => {
    const { code, props } = splitCodeBlockProps(
      '-- props: {"id":"q1","title":"Orders per month","isChart":true,"xAxis":"month","yAxis":"orders","name":"orders"}\nselect 1;\n',
    );
    expect(code).toBe('select 1;');
    expect(props).toEqual({ id: 'q1', title: 'Orders per month', isChart: true, xAxis: 'month', yAxis: 'orders', name: 'orders' });
  });

  it('takes // and block comment forms, and leaves code without a valid comment alone', () => {
    expect(splitCodeBlockProps('// props: {"title":"Hello"}\nconsole.log(1)').props).toEqual({ title: 'Hello' });
    expect(splitCodeBlockProps('/* props: {"isChart":"true"} */\nselect 1').props).toEqual({ isChart: true });
    expect(splitCodeBlockProps('-- props: {not json}\nselect 1')).toEqual({ code: '-- props: {not json}\nselect 1', props: undefined });
    expect(splitCodeBlockProps('select 1 -- props: {"a":1}').props).toBeUndefined();
  });
});

describe('the result widget’s data', () => {
  it('detects X as number, date or string', () => {
    expect(xTypeOf([1, '2', 3.5, null])).toBe('number');
    expect(xTypeOf(['2026-01-01', '2026-02-01T10:00:00Z', '2026-03-01 12:00:00+00'])).toBe('date');
    expect(xTypeOf(['Jan', '2026-01-01'])).toBe('string');
    expect(xTypeOf([])).toBe('string');
  });

  it('converts Y to numbers and orders numeric and date X', () => {
    expect([toNumber('12.5'), toNumber(3), toNumber(true), toNumber('n/a'), toNumber(null)]).toEqual([12.5, 3, 1, 0, 0]);
    const rows = [
      { day: '2026-01-03', total: '7' },
      { day: '2026-01-01', total: '2' },
    ];
    const { points, xType } = chartPoints(rows, 'day', 'total');
    expect(xType).toBe('date');
    expect(points.map((point) => point.y)).toEqual([2, 7]);
    expect(
      chartPoints(
        [
          { m: 'b', n: 1 },
          { m: 'a', n: 2 },
        ],
        'm',
        'n',
      ).points,
    ).toEqual([
      { x: 'b', y: 1 },
      { x: 'a', y: 2 },
    ]);
    expect(columnsOf([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });
});

describe('running the assistant’s SQL', () => {
  it('knows the failures that mean a write', () => {
    expect(isReadOnlyFailure('cannot execute INSERT in a read-only transaction')).toBe(true);
    expect(isReadOnlyFailure('permission denied for table orders')).toBe(true);
    expect(isReadOnlyFailure('must be owner of table orders')).toBe(true);
    expect(isReadOnlyFailure('relation "x" does not exist')).toBe(false);
  });

  it('answers rows as objects keyed by column', () => {
    expect(
      rowsOf(
        sqlResult(
          ['id', 'name'],
          [
            [1, 'a'],
            [2, null],
          ],
        ),
      ),
    ).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ]);
  });
});

describe('tool inputs and outputs', () => {
  it('reads execute_sql inputs with either chart key name', () => {
    expect(
      sqlToolInput({ sql: 'select 1', label: 'One', isWriteQuery: true, chartConfig: { view: 'chart', xAxis: 'a', yAxis: 'b' } }),
    ).toEqual({
      sql: 'select 1',
      label: 'One',
      isWriteQuery: true,
      chart: { view: 'chart', xKey: 'a', yKey: 'b' },
    });
    expect(sqlToolInput(undefined)).toEqual({
      sql: '',
      label: undefined,
      isWriteQuery: false,
      chart: { view: undefined, xKey: undefined, yKey: undefined },
    });
    expect(sqlToolOutput([{ a: 1 }])).toEqual({ kind: 'rows', rows: [{ a: 1 }] });
    expect(sqlToolOutput('User skipped running the query')).toEqual({ kind: 'skipped' });
    expect(sqlToolOutput('Error: boom')).toEqual({ kind: 'error', message: 'boom' });
  });

  it('gives edge functions their defaults and a valid slug', () => {
    expect(functionToolInput({ code: 'x' })).toEqual({ code: 'x', name: 'my-function', slug: 'my-function', label: 'Edge Function' });
    expect(functionToolInput({ code: 'x', name: 'Send Email!', label: 'Mailer' })).toMatchObject({ slug: 'send-email', label: 'Mailer' });
    expect(functionToolInput({ code: 'x', slug: 'hello_world' }).slug).toBe('hello_world');
    expect(slugOf('42 things')).toBe('things');
    expect(functionToolOutput({ success: true, url: 'http://x/functions/v1/a' })).toEqual({
      kind: 'deployed',
      url: 'http://x/functions/v1/a',
    });
    expect(functionToolOutput({ success: false, error: 'Skipped' })).toEqual({ kind: 'skipped' });
    expect(functionToolOutput({ success: false, error: 'Bundle too large' })).toEqual({ kind: 'failed', error: 'Bundle too large' });
  });
});

describe('models', () => {
  it('uses gpt-5-mini on free plans and gpt-5 on paid ones, a stored gpt-5 falling back on free', () => {
    expect(modelInUse('', 'free')).toEqual({ model: 'gpt-5-mini', fellBack: false });
    expect(modelInUse('', 'pro')).toEqual({ model: 'gpt-5', fellBack: false });
    expect(modelInUse('gpt-5', 'free')).toEqual({ model: 'gpt-5-mini', fellBack: true });
    expect(modelInUse('gpt-5-mini', 'team')).toEqual({ model: 'gpt-5-mini', fellBack: false });
    expect(modelUpgradePath('acme')).toBe('/org/acme/billing?panel=subscriptionPlan&source=ai-assistant-model');
    expect(modelUpgradePath(undefined)).toBe('/org/_/billing?panel=subscriptionPlan&source=ai-assistant-model');
  });
});

describe('the chat', () => {
  const user = (id: string): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text: id }] });

  it('sends only the last 7 messages with the context', () => {
    const messages = Array.from({ length: 10 }, (_, index) => user(`m${index}`));
    const body = generateBody('chat-1', messages, {
      projectRef: 'ref',
      orgSlug: 'acme',
      aiOptInLevel: 'schema',
      connectionString: null,
      chatName: 'Chat',
      model: 'gpt-5-mini',
    });
    expect(body.messages.map((message) => message.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    expect(body).toMatchObject({ chatId: 'chat-1', schema: 'public', model: 'gpt-5-mini', chatName: 'Chat' });
  });

  it('goes back to the model only when a tool the dashboard runs was answered', () => {
    const answered = (type: string): UIMessage[] => [
      user('u'),
      {
        id: 'a',
        role: 'assistant',
        parts: [{ type: 'step-start' }, { type, toolCallId: 't', state: 'output-available', input: {}, output: [] } as never],
      },
    ];
    expect(clientToolsAnswered({ messages: answered('tool-execute_sql') })).toBe(true);
    expect(clientToolsAnswered({ messages: answered('tool-deploy_edge_function') })).toBe(true);
    expect(clientToolsAnswered({ messages: answered('tool-list_policies') })).toBe(false);
    expect(clientToolsAnswered({ messages: [user('u')] })).toBe(false);
    const failed: UIMessage[] = [
      user('u'),
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-execute_sql', toolCallId: 't', state: 'output-error', input: {}, errorText: 'Invalid input' } as never,
        ],
      },
    ];
    expect(clientToolsAnswered({ messages: failed })).toBe(false);
  });

  it('knows a context window error and when the input may be sent', () => {
    expect(isContextTooLong(new Error('context_length_exceeds the limit'))).toBe(true);
    expect(isContextTooLong(new Error('This request exceeds the context window'))).toBe(true);
    expect(isContextTooLong(new Error('Bad gateway'))).toBe(false);
    expect(canSubmit('  ', { loading: false, editing: false })).toBe(false);
    expect(canSubmit('hi', { loading: true, editing: false })).toBe(false);
    expect(canSubmit('hi', { loading: true, editing: true })).toBe(true);
    expect(canSubmit('hi', { loading: false, editing: false, disabled: true })).toBe(false);
  });
});

describe('empty state suggestions', () => {
  it('splits ERROR lints by their first category, leaving warnings and acknowledged ones out', () => {
    const lints = [
      lintFixture(),
      lintFixture({
        name: 'auth_rls_initplan',
        categories: ['PERFORMANCE', 'SECURITY'],
        metadata: { schema: 'public', name: 'items' },
      }),
      lintFixture({ title: 'Warning only', level: 'WARNING' }),
      lintFixture({ title: 'Seen', acknowledged: { note: '', by: 'ada', at: '2026-01-01' } }),
    ];
    const { security, performance } = lintSuggestions(lints);
    expect(security.map((item) => item.label)).toEqual(['RLS Disabled in Public: public.orders']);
    expect(performance.map((item) => item.label)).toEqual(['Auth RLS Initialization Plan: public.items']);
    expect(security[0]?.prompt).toContain('Table public.orders is public');
    expect(DEFAULT_IDEAS.map((idea) => idea.label)).toEqual([...ASSISTANT_IDEAS]);
  });
});
