import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQueryParams } from './query-params.ts';
import type { Condition, FieldPath, Filter, FilterOperator, LogicTree, OrderTerm, QueryParams, SelectItem } from './types.ts';
import { seeded } from '../../test/prng.ts';

const parse = (query: string | [string, string][], options?: Parameters<typeof parseQueryParams>[1]) =>
  parseQueryParams(new URLSearchParams(query), options);

/** What parsing threw; a test fails if it was not a RestError. */
function failure(query: string | [string, string][]): RestError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(query)} parsed`);
}

/** `col('data', '->a', '->>b')` */
const col = (column: string, ...steps: string[]): FieldPath => ({
  column,
  json: steps.map((step) => (step.startsWith('->>') ? { arrow: '->>', key: step.slice(3) } : { arrow: '->', key: step.slice(2) })),
});
const filter = (field: string | FieldPath, operator: FilterOperator, value: string | string[], more: Partial<Filter> = {}): Filter => ({
  kind: 'filter',
  field: typeof field === 'string' ? col(field) : field,
  negated: false,
  operator,
  value,
  ...more,
});
const tree = (operator: 'and' | 'or', conditions: Condition[], negated = false): LogicTree => ({
  kind: 'logic',
  operator,
  negated,
  conditions,
});
const star: SelectItem = { kind: 'star' };
const fld = (field: string | FieldPath, more: { alias?: string; cast?: string } = {}): SelectItem => ({
  kind: 'field',
  field: typeof field === 'string' ? col(field) : field,
  ...more,
});
const embed = (
  relation: string,
  select: SelectItem[],
  more: { alias?: string; hint?: string; inner?: boolean; spread?: boolean } = {},
): SelectItem => ({
  kind: 'embed',
  relation,
  inner: false,
  spread: false,
  select,
  ...more,
});

describe('parseQueryParams: select', () => {
  it('selects * when there is no select, and nothing when it is empty', () => {
    expect(parse('').select).toEqual([star]);
    expect(parse('select=').select).toEqual([]);
  });

  it.each<[string, SelectItem[]]>([
    ['*', [star]],
    ['first_name,age', [fld('first_name'), fld('age')]],
    ['fullName:full_name,birthDate:birth_date', [fld('full_name', { alias: 'fullName' }), fld('birth_date', { alias: 'birthDate' })]],
    [' id , name ', [fld('id'), fld('name')]],
    ['full_name,salary::text', [fld('full_name'), fld('salary', { cast: 'text' })]],
    ['total:amount::character varying', [fld('amount', { alias: 'total', cast: 'character varying' })]],
    ['id,json_data->>blood_type,json_data->phones', [fld('id'), fld(col('json_data', '->>blood_type')), fld(col('json_data', '->phones'))]],
    ['id,json_data->phones->0->>number', [fld('id'), fld(col('json_data', '->phones', '->0', '->>number'))]],
    ['last:data->-1', [fld(col('data', '->-1'), { alias: 'last' })]],
    ['data->a->>b::int', [fld(col('data', '->a', '->>b'), { cast: 'int' })]],
    ['data->"a.b"->>"c,d"', [fld(col('data', '->a.b', '->>c,d'))]],
    ['data->!@#$%^&*_a', [fld(col('data', '->!@#$%^&*_a'))]],
    ['"my col","a,b":"x:y"', [fld('my col'), fld('x:y', { alias: 'a,b' })]],
    ['"with \\"quote\\""', [fld('with "quote"')]],
    ['my-col,first name,präsident,名前,$x', [fld('my-col'), fld('first name'), fld('präsident'), fld('名前'), fld('$x')]],
    ['title,directors(id,last_name)', [fld('title'), embed('directors', [fld('id'), fld('last_name')])]],
    ['title,director:directors(id,last_name)', [fld('title'), embed('directors', [fld('id'), fld('last_name')], { alias: 'director' })]],
    ['*,actors(*)', [star, embed('actors', [star])]],
    ['*,films!inner(*)', [star, embed('films', [star], { inner: true })]],
    ['*,films!left(*)', [star, embed('films', [star])]],
    [
      'name,billing_address:addresses!billing(name),shipping_address:addresses!shipping(name)',
      [
        fld('name'),
        embed('addresses', [fld('name')], { alias: 'billing_address', hint: 'billing' }),
        embed('addresses', [fld('name')], { alias: 'shipping_address', hint: 'shipping' }),
      ],
    ],
    ['rel!fk_name!inner(*)', [embed('rel', [star], { hint: 'fk_name', inner: true })]],
    ['a:rel!inner!fk_name(*)', [embed('rel', [star], { alias: 'a', hint: 'fk_name', inner: true })]],
    [
      'title,...directors(director_last_name:last_name)',
      [fld('title'), embed('directors', [fld('last_name', { alias: 'director_last_name' })], { spread: true })],
    ],
    ['...rel!hint!inner(*)', [embed('rel', [star], { hint: 'hint', inner: true, spread: true })]],
    ['actors(films(directors(*,x:y)))', [embed('actors', [embed('films', [embed('directors', [star, fld('y', { alias: 'x' })])])])]],
    ['films()', [embed('films', [])]],
    [' id , films ( title , year ) , name ', [fld('id'), embed('films', [fld('title'), fld('year')]), fld('name')]],
    ['films(data->>x)', [embed('films', [fld(col('data', '->>x'))])]],
    ['"my table"(id)', [embed('my table', [fld('id')])]],
  ])('select=%s', (select, expected) => {
    expect(parse([['select', select]]).select).toEqual(expected);
  });

  it('reads the first select when there are several', () => {
    expect(parse('select=a&select=b').select).toEqual([fld('a')]);
  });

  it.each([
    // Among them PostgREST's own examples; the positions are where Basin stops.
    ['id,clients(name[])', 16],
    ['name::', 7],
    ['name!hint', 10],
    ['*!hint', 2],
    ['a,,b', 3],
    ['a,', 3],
    ['(a)', 1],
    ['a)', 2],
    ['films(a', 8],
    ['rel->x(*)', 7],
    ['"unterminated', 14],
    ['a:b:c', 4],
    ['a b c)', 6],
    ['a!b!c!d(*)', 6],
    ['data->>-78xy', 8],
    ['data->>a->b', 9],
    ['count(*)', 6],
  ])('select=%s is PGRST100 at column %i', (select, column) => {
    const error = failure([['select', select]]);
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
    expect(error.message).toBe(`"failed to parse select parameter (${select})" (line 1, column ${column})`);
  });

  it('words its details as PostgREST does', () => {
    expect(failure('select=id,clients(name[])').details).toBe('unexpected "[" expecting ",", ")" or end of input');
    expect(failure('select=a,,b').details).toBe('unexpected "," expecting field name (* or [a..z0..9_$])');
    expect(failure('select=films(a').details).toBe('unexpected end of input expecting ")"');
  });

  it('reads aggregates as PostgREST writes them (the builder refuses them unless the project enables them)', () => {
    const select = (text: string) => parse([['select', text]]).select;
    const rows = { kind: 'field', field: col('*'), aggregate: 'count' };
    expect(select('count()')).toEqual([rows]);
    expect(select('total:count()::int')).toEqual([{ ...rows, alias: 'total', aggregateCast: 'int' }]);
    expect(select('amount.sum()')).toEqual([{ kind: 'field', field: col('amount'), aggregate: 'sum' }]);
    expect(select('s:data->>k::int.avg()::text,status')).toEqual([
      { kind: 'field', field: col('data', '->>k'), alias: 's', cast: 'int', aggregate: 'avg', aggregateCast: 'text' },
      { kind: 'field', field: col('status') },
    ]);
    expect(select('x.max(),y.min()').map((item) => item.kind === 'field' && item.aggregate)).toEqual(['max', 'min']);
    expect(select('films(x.count())')).toMatchObject([{ kind: 'embed', select: [{ field: col('x'), aggregate: 'count' }] }]);
    expect(failure('select=amount.sum(').code).toBe('PGRST100');
  });

  it('refuses embeds nested deeper than it goes, and takes ones as deep as it goes', () => {
    const nested = (depth: number) => `${'a('.repeat(depth)}*${')'.repeat(depth)}`;
    expect(failure([['select', nested(150)]]).details).toBe('embedding is nested deeper than 100 levels');
    expect(JSON.stringify(parse([['select', nested(100)]]).select)).toContain('"select":[{"kind":"star"}]');
  });
});

describe('parseQueryParams: filters', () => {
  it.each<[string, Filter]>([
    ['age=gte.18', filter('age', 'gte', '18')],
    ['age=lt.13', filter('age', 'lt', '13')],
    ['age=gt.1', filter('age', 'gt', '1')],
    ['age=lte.1', filter('age', 'lte', '1')],
    ['name=neq.Leia', filter('name', 'neq', 'Leia')],
    ['name=eq.a.b.c', filter('name', 'eq', 'a.b.c')],
    ['name=eq.', filter('name', 'eq', '')],
    ['name=eq.with spaces, commas (and parens)', filter('name', 'eq', 'with spaces, commas (and parens)')],
    ['a=not.eq.1', filter('a', 'eq', '1', { negated: true })],
    ['name=like.*Lu*', filter('name', 'like', '*Lu*')],
    ['name=ilike.%lu%', filter('name', 'ilike', '%lu%')],
    ['name=match.^x.*$', filter('name', 'match', '^x.*$')],
    ['name=imatch.^Y', filter('name', 'imatch', '^Y')],
    ['student=is.true', filter('student', 'is', 'true')],
    ['x=is.NULL', filter('x', 'is', 'null')],
    ['x=is.not_null', filter('x', 'is', 'not_null')],
    ['x=is.Unknown', filter('x', 'is', 'unknown')],
    ['x=not.is.false', filter('x', 'is', 'false', { negated: true })],
    ['x=isdistinct.5', filter('x', 'isdistinct', '5')],
    ['id=in.(1,2,3)', filter('id', 'in', ['1', '2', '3'])],
    ['name=in.("Hi,there","yes")', filter('name', 'in', ['Hi,there', 'yes'])],
    ['name=in.(a,"b,c",d)', filter('name', 'in', ['a', 'b,c', 'd'])],
    ['name=in.("a\\"b","c\\\\d","(e)")', filter('name', 'in', ['a"b', 'c\\d', '(e)'])],
    ['name=in.(a "b",c)', filter('name', 'in', ['a "b"', 'c'])],
    ['name=in.("a"b,c)', filter('name', 'in', ['"a"b', 'c'])],
    ['name=in.( 1, 2 )', filter('name', 'in', ['1', ' 2 '])],
    ['name=in.(,)', filter('name', 'in', ['', ''])],
    ['name=in.("")', filter('name', 'in', [''])],
    ['name=in.()', filter('name', 'in', [])],
    ['id=not.in.(1,2)', filter('id', 'in', ['1', '2'], { negated: true })],
    ['last_name=like(any).{O*,P*}', filter('last_name', 'like', ['O*', 'P*'], { quantifier: 'any' })],
    ['id=eq(all).{1,2}', filter('id', 'eq', ['1', '2'], { quantifier: 'all' })],
    ['id=not.gt(any).{ 1 , 2 }', filter('id', 'gt', ['1', '2'], { quantifier: 'any', negated: true })],
    ['n=ilike(any).{"a,b",c\t, "d\\"e"}', filter('n', 'ilike', ['a,b', 'c', 'd"e'], { quantifier: 'any' })],
    ['n=eq(any).{}', filter('n', 'eq', [], { quantifier: 'any' })],
    ['my_tsv=fts(french).amusant', filter('my_tsv', 'fts', 'amusant', { language: 'french' })],
    ['my_tsv=plfts.The Fat Cats', filter('my_tsv', 'plfts', 'The Fat Cats')],
    ['my_tsv=not.phfts(english).The Fat Cats', filter('my_tsv', 'phfts', 'The Fat Cats', { language: 'english', negated: true })],
    ['my_tsv=wfts(french).amusant', filter('my_tsv', 'wfts', 'amusant', { language: 'french' })],
    ['tags=cs.{example, new}', filter('tags', 'cs', '{example, new}')],
    ['tags=cd.{"a b",c}', filter('tags', 'cd', '{"a b",c}')],
    ['address=cs.{"postcode":90210}', filter('address', 'cs', '{"postcode":90210}')],
    ['values=ov.[1,5)', filter('values', 'ov', '[1,5)')],
    ['range=sl.(1,10)', filter('range', 'sl', '(1,10)')],
    ['range=sr.(1,10)', filter('range', 'sr', '(1,10)')],
    ['range=nxl.(1,10)', filter('range', 'nxl', '(1,10)')],
    ['range=nxr.(1,10)', filter('range', 'nxr', '(1,10)')],
    ['range=adj.(1,10)', filter('range', 'adj', '(1,10)')],
    ['json_data->>blood_type=eq.A-', filter(col('json_data', '->>blood_type'), 'eq', 'A-')],
    ['json_data->age=gt.20', filter(col('json_data', '->age'), 'gt', '20')],
    ['data->a->0->>b=eq.x', filter(col('data', '->a', '->0', '->>b'), 'eq', 'x')],
    ['data->-1=eq.x', filter(col('data', '->-1'), 'eq', 'x')],
    ['"my.col"=eq.1', filter('my.col', 'eq', '1')],
    ['"a\\"b"=eq.1', filter('a"b', 'eq', '1')],
    ['first name=eq.1', filter('first name', 'eq', '1')],
    ['or_id=eq.1', filter('or_id', 'eq', '1')],
  ])('%s', (query, expected) => {
    expect(parse([query.split(/=(.*)/s).slice(0, 2) as [string, string]]).conditions).toEqual([{ path: [], value: expected }]);
  });

  it('scopes a filter to the embed its dotted name goes through', () => {
    expect(parse('films.year=gt.2000&actors.films.title=eq.x&films.data->>a=is.null').conditions).toEqual([
      { path: ['films'], value: filter('year', 'gt', '2000') },
      { path: ['actors', 'films'], value: filter('title', 'eq', 'x') },
      { path: ['films'], value: filter(col('data', '->>a'), 'is', 'null') },
    ]);
  });

  it('keeps every filter, in order, a repeated column included', () => {
    expect(parse('grade=gte.90&student=is.true&grade=lt.100').conditions).toEqual([
      { path: [], value: filter('grade', 'gte', '90') },
      { path: [], value: filter('student', 'is', 'true') },
      { path: [], value: filter('grade', 'lt', '100') },
    ]);
  });

  it.each([
    ['a=eq1.5', 'filter (eq1.5)', 3, 'unexpected "1" expecting "(" or delimiter (.)'],
    ['a=noop.0', 'filter (noop.0)', 1, 'unexpected "n" expecting "not" or operator (eq, gt, ...)'],
    ['a=EQ.1', 'filter (EQ.1)', 1, 'unexpected "E" expecting "not" or operator (eq, gt, ...)'],
    ['a=not.noop.1', 'filter (not.noop.1)', 5, 'unexpected "n" expecting operator (eq, gt, ...)'],
    ['a=', 'filter ()', 1, 'unexpected end of input expecting "not" or operator (eq, gt, ...)'],
    ['a=1', 'filter (1)', 1, 'unexpected "1" expecting "not" or operator (eq, gt, ...)'],
    ['a=eq', 'filter (eq)', 3, 'unexpected end of input expecting "(" or delimiter (.)'],
    ['a=is.maybe', 'filter (is.maybe)', 9, 'unexpected end of input expecting isVal: (null, not_null, true, false, unknown)'],
    ['a=is.null.x', 'filter (is.null.x)', 8, 'unexpected "." expecting end of input'],
    ['a=in.1,2', 'filter (in.1,2)', 4, 'unexpected "1" expecting "("'],
    ['a=in.(1,2', 'filter (in.(1,2)', 8, 'unexpected end of input expecting "," or ")"'],
    ['a=in.(1,2)x', 'filter (in.(1,2)x)', 9, 'unexpected "x" expecting end of input'],
    ['a=eq(some).{1}', 'filter (eq(some).{1})', 4, 'unexpected "s" expecting "any" or "all"'],
    ['a=eq(any).1', 'filter (eq(any).1)', 9, 'unexpected "1" expecting "{"'],
    ['a=eq(any).{1,{2}}', 'filter (eq(any).{1,{2}})', 12, 'unexpected "{" expecting array element'],
    ['a=eq(any).{1}x', 'filter (eq(any).{1}x)', 12, 'unexpected "x" expecting end of input'],
    ['a=neq(any).{1}', 'filter (neq(any).{1})', 4, 'unexpected "(" expecting delimiter (.)'],
    ['a=fts(.x', 'filter (fts(.x)', 5, 'unexpected "." expecting letter or digit'],
    ['=eq.1', 'tree path ()', 1, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    ['a.=eq.1', 'tree path (a.)', 3, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    ['a->=eq.1', 'tree path (a->)', 4, 'unexpected end of input expecting any non reserved character different from: .,>()'],
    ['a(b)=eq.1', 'tree path (a(b))', 2, 'unexpected "(" expecting delimiter (.), "->" or end of input'],
    ['a->>b->c=eq.1', 'tree path (a->>b->c)', 6, '->> must be the last step of a JSON path'],
  ])('%s is PGRST100 "failed to parse %s" at column %i', (query, label, column, details) => {
    const error = failure([query.split(/=(.*)/s).slice(0, 2) as [string, string]]);
    expect(error.body()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse ${label}" (line 1, column ${column})`,
      details,
      hint: null,
    });
  });

  it('counts lines and tab stops in positions as Parsec does', () => {
    expect(failure([['a', 'in.(1,\n2']]).message).toBe('"failed to parse filter (in.(1,\n2)" (line 2, column 2)');
    expect(failure([['a', '\tx']]).message).toBe('"failed to parse filter (\tx)" (line 1, column 1)');
    expect(failure([['a', 'in.(\t1']]).message).toBe('"failed to parse filter (in.(\t1)" (line 1, column 10)');
  });

  it('refuses NUL characters in names and values', () => {
    expect(failure([['a\0', 'eq.1']]).code).toBe('PGRST100');
    expect(failure([['a', 'eq.1\0']]).code).toBe('PGRST100');
    expect(failure([['select', 'a\0']]).code).toBe('PGRST100');
  });
});

describe('parseQueryParams: logic trees', () => {
  it.each<[string, string, string[], LogicTree]>([
    ['or', '(age.lt.18,age.gt.21)', [], tree('or', [filter('age', 'lt', '18'), filter('age', 'gt', '21')])],
    ['and', '(a.eq.1)', [], tree('and', [filter('a', 'eq', '1')])],
    ['not.or', '(a.eq.1,b.eq.2)', [], tree('or', [filter('a', 'eq', '1'), filter('b', 'eq', '2')], true)],
    ['films.or', '(year.gt.2000,title.is.null)', ['films'], tree('or', [filter('year', 'gt', '2000'), filter('title', 'is', 'null')])],
    ['films.not.and', '(a.eq.1,b.eq.2)', ['films'], tree('and', [filter('a', 'eq', '1'), filter('b', 'eq', '2')], true)],
    ['actors.films.or', '(a.eq.1)', ['actors', 'films'], tree('or', [filter('a', 'eq', '1')])],
    [
      'or',
      '(a.eq.1,and(b.gt.2,c.lt.3),not.and(d.is.null,e.eq.x))',
      [],
      tree('or', [
        filter('a', 'eq', '1'),
        tree('and', [filter('b', 'gt', '2'), filter('c', 'lt', '3')]),
        tree('and', [filter('d', 'is', 'null'), filter('e', 'eq', 'x')], true),
      ]),
    ],
    [
      'or',
      '(age.eq.14,not.and(age.gte.11,age.lte.17))',
      [],
      tree('or', [filter('age', 'eq', '14'), tree('and', [filter('age', 'gte', '11'), filter('age', 'lte', '17')], true)]),
    ],
    [
      'or',
      '(data->a.eq.1,data->>b.like.x*)',
      [],
      tree('or', [filter(col('data', '->a'), 'eq', '1'), filter(col('data', '->>b'), 'like', 'x*')]),
    ],
    ['or', '(id.in.(1,"2,3"),name.is.null)', [], tree('or', [filter('id', 'in', ['1', '2,3']), filter('name', 'is', 'null')])],
    [
      'or',
      '(name.eq."a,b",name.eq."c)d",name.eq."e\\"f")',
      [],
      tree('or', [filter('name', 'eq', 'a,b'), filter('name', 'eq', 'c)d'), filter('name', 'eq', 'e"f')]),
    ],
    ['or', '(name.eq."a"b)', [], tree('or', [filter('name', 'eq', '"a"b')])],
    [
      'or',
      '(tags.cs.{a,b},tags.cd.{c},j.cs.{"a":1})',
      [],
      tree('or', [filter('tags', 'cs', '{a,b}'), filter('tags', 'cd', '{c}'), filter('j', 'cs', '{"a":1}')]),
    ],
    ['or', '(r.ov."[1,5)",r.adj."(1,2)")', [], tree('or', [filter('r', 'ov', '[1,5)'), filter('r', 'adj', '(1,2)')])],
    [
      'or',
      '(tags.eq(any).{a,b},n.like(all).{"x,y"})',
      [],
      tree('or', [filter('tags', 'eq', ['a', 'b'], { quantifier: 'any' }), filter('n', 'like', ['x,y'], { quantifier: 'all' })]),
    ],
    [
      'or',
      '(body.fts(english).cat,body.wfts.dog)',
      [],
      tree('or', [filter('body', 'fts', 'cat', { language: 'english' }), filter('body', 'wfts', 'dog')]),
    ],
    [
      'or',
      '(a.not.eq.1,b.not.in.(1,2))',
      [],
      tree('or', [filter('a', 'eq', '1', { negated: true }), filter('b', 'in', ['1', '2'], { negated: true })]),
    ],
    ['or', '(a.eq.1, b.eq.2 , c.is.null )', [], tree('or', [filter('a', 'eq', '1'), filter('b', 'eq', '2 '), filter('c', 'is', 'null')])],
    ['or', ' (a.eq.)', [], tree('or', [filter('a', 'eq', '')])],
    ['or', '(not.eq.1)', [], tree('or', [filter('not', 'eq', '1')])],
    ['or', '(and(or(a.eq.1)))', [], tree('or', [tree('and', [tree('or', [filter('a', 'eq', '1')])])])],
  ])('%s=%s', (key, value, path, expected) => {
    expect(parse([[key, value]]).conditions).toEqual([{ path, value: expected }]);
  });

  it('keeps logic trees and filters in the order they came', () => {
    expect(parse('grade=gte.90&or=(a.eq.1)&student=is.true').conditions.map((c) => c.value.kind)).toEqual(['filter', 'logic', 'filter']);
  });

  it.each([
    // PostgREST's own examples first, at the positions PostgREST reports.
    ['or', '()', 4, 'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)'],
    ['or', '(id.in.1,2,id.eq.3)', 10, 'unexpected "1" expecting "("'],
    ['or', ')(', 3, 'unexpected ")" expecting "("'],
    ['or', '(id.eq.1,not.xor(id.eq.2,id.eq.3))', 16, 'unexpected "x" expecting "not", operator (eq, gt, ...) or logic operator (and, or)'],
    ['or', '(a.eq.1', 10, 'unexpected end of input expecting "," or ")"'],
    ['or', 'a.eq.1', 3, 'unexpected "a" expecting "("'],
    ['or', '(a.eq.1))', 11, 'unexpected ")" expecting end of input'],
    ['and', '(a.eq.1)x', 12, 'unexpected "x" expecting end of input'],
    ['or', '(a.eq.1,)', 11, 'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)'],
    ['or', '(a.eq(any).1)', 14, 'unexpected "1" expecting "{"'],
    ['not.or', '(a)', 9, 'unexpected ")" expecting delimiter (.)'],
  ])('%s=%s is PGRST100 at column %i', (key, value, column, details) => {
    const error = failure([[key, value]]);
    expect(error.body()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse logic tree (${value})" (line 1, column ${column})`,
      details,
      hint: null,
    });
  });

  it('refuses a malformed logic path', () => {
    expect(failure('films..or=(a.eq.1)').message).toBe('"failed to parse logic path (films..or)" (line 1, column 7)');
  });

  it('refuses trees nested deeper than it goes, and takes ones as deep as it goes', () => {
    const nested = (depth: number) => `(${'and('.repeat(depth)}a.eq.1${')'.repeat(depth)})`;
    expect(failure([['or', nested(101)]]).details).toBe('logic trees are nested deeper than 100 levels');
    expect(parse([['or', nested(100)]]).conditions).toHaveLength(1);
  });
});

describe('parseQueryParams: order, limit and offset', () => {
  it.each<[string, string, string[], OrderTerm[]]>([
    [
      'order',
      'age.desc,height.asc',
      [],
      [
        { field: col('age'), direction: 'desc' },
        { field: col('height'), direction: 'asc' },
      ],
    ],
    ['order', 'age', [], [{ field: col('age') }]],
    ['order', 'age.nullsfirst', [], [{ field: col('age'), nulls: 'first' }]],
    ['order', 'age.desc.nullslast', [], [{ field: col('age'), direction: 'desc', nulls: 'last' }]],
    ['order', 'json_col->key.asc.nullslast', [], [{ field: col('json_col', '->key'), direction: 'asc', nulls: 'last' }]],
    ['order', 'data->a->>b,data->0.desc', [], [{ field: col('data', '->a', '->>b') }, { field: col('data', '->0'), direction: 'desc' }]],
    [
      'order',
      'clients(json_col->key).desc.nullsfirst',
      [],
      [{ relation: 'clients', field: col('json_col', '->key'), direction: 'desc', nulls: 'first' }],
    ],
    ['order', 'name,clients(name),id', [], [{ field: col('name') }, { relation: 'clients', field: col('name') }, { field: col('id') }]],
    ['order', ' a , "my col".desc ', [], [{ field: col('a') }, { field: col('my col'), direction: 'desc' }]],
    ['actors.order', 'last_name.desc', ['actors'], [{ field: col('last_name'), direction: 'desc' }]],
    ['actors.films.order', 'year', ['actors', 'films'], [{ field: col('year') }]],
  ])('%s=%s', (key, value, path, expected) => {
    expect(parse([[key, value]]).order).toEqual([{ path, value: expected }]);
  });

  it.each([
    // PostgREST's own examples first, at the positions PostgREST reports.
    ['id.ac', 4, 'unexpected "a" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.descc', 8, 'unexpected "c" expecting delimiter (.), "," or end of input'],
    ['id.nulsfist', 4, 'unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.nullslasttt', 13, 'unexpected "t" expecting "," or end of input'],
    ['id.asc.nlsfst', 8, 'unexpected "n" expecting "nullsfirst" or "nullslast"'],
    ['id.asc.nullslasttt', 17, 'unexpected "t" expecting "," or end of input'],
    ['clients(name,id)', 8, 'unexpected "(" expecting delimiter (.), "," or end of input'],
    ['', 1, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    ['a,', 3, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
  ])('order=%s is PGRST100 at column %i', (value, column, details) => {
    const error = failure([['order', value]]);
    expect(error.body()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse order (${value})" (line 1, column ${column})`,
      details,
      hint: null,
    });
  });

  it('reads limits and offsets per level, the last of a repeated one standing', () => {
    const query = parse('limit=10&offset=5&films.limit=2&films.offset=0&limit=20&actors.films.limit=0');
    expect(query.limit).toEqual([
      { path: ['films'], value: 2 },
      { path: [], value: 20 },
      { path: ['actors', 'films'], value: 0 },
    ]);
    expect(query.offset).toEqual([
      { path: [], value: 5 },
      { path: ['films'], value: 0 },
    ]);
  });

  it('takes a negative offset for none, as PostgREST does', () => {
    expect(parse('offset=5&offset=-4').offset).toEqual([]);
  });

  it('caps a huge limit at the largest safe integer', () => {
    expect(parse('limit=99999999999999999999').limit).toEqual([{ path: [], value: Number.MAX_SAFE_INTEGER }]);
  });

  it('answers a negative limit with 416 PGRST103, as PostgREST does', () => {
    const error = failure('films.limit=-1');
    expect(error.status).toBe(416);
    expect(error.body()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
  });

  it.each(['limit=abc', 'limit=1.5', 'limit=', 'offset=1e3', 'offset=--1'])('refuses %s (PGRST100)', (query) => {
    const [key = '', value = ''] = query.split('=');
    expect(failure(query).body()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse ${key} parameter (${value})"`,
      details: 'expecting a non-negative integer',
      hint: null,
    });
  });
});

describe('parseQueryParams: columns, on_conflict and arguments', () => {
  it.each<[string, Partial<QueryParams>]>([
    ['columns="a","b","c"', { columns: ['a', 'b', 'c'] }],
    ['columns=a, b ,c', { columns: ['a', 'b', 'c'] }],
    ['columns="my col","x,y"', { columns: ['my col', 'x,y'] }],
    ['on_conflict=id, slug', { onConflict: ['id', 'slug'] }],
    ['on_conflict=id&on_conflict=other', { onConflict: ['id'] }],
  ])('%s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it.each([
    ['columns=a,,b', '"failed to parse columns parameter (a,,b)" (line 1, column 3)'],
    ['columns=a b(c)', '"failed to parse columns parameter (a b(c))" (line 1, column 4)'],
    ['on_conflict=', '"failed to parse on_conflict parameter ()" (line 1, column 1)'],
  ])('refuses %s', (query, message) => {
    expect(failure(query).message).toBe(message);
  });

  it("takes a GET /rpc's parameters that are no filters for its arguments, repeated ones in order", () => {
    const query = parse('a=1&b={x,y}&c=eq.1&select=x&b=2', { rpcRead: true });
    expect([...query.args]).toEqual([
      ['a', ['1']],
      ['b', ['{x,y}', '2']],
    ]);
    // An embed's column or a JSON path is never an argument: a value that does not parse stays an error.
    expect(() => parse('films.a=1', { rpcRead: true })).toThrow(RestError);
    expect(() => parse('a->b=1', { rpcRead: true })).toThrow(RestError);
    expect(query.conditions).toEqual([{ path: [], value: filter('c', 'eq', '1') }]);
    expect(query.select).toEqual([fld('x')]);
  });

  it('never takes a reserved parameter for an argument', () => {
    const query = parse('select=id&order=id&limit=1&offset=2&or=(a.eq.1)&columns=a&on_conflict=a', { rpcRead: true });
    expect(query.args.size).toBe(0);
    expect(query).toMatchObject({
      select: [fld('id')],
      limit: [{ path: [], value: 1 }],
      offset: [{ path: [], value: 2 }],
      columns: ['a'],
      onConflict: ['a'],
    });
    expect(query.conditions).toHaveLength(1);
  });
});

/**
 * The query strings @supabase/postgrest-js 2.119.1 sends for its builder calls, recorded from the
 * library itself (`new URL(url).searchParams` of the request it made).
 */
describe('parseQueryParams: what postgrest-js sends', () => {
  it.each<[string, [string, string][], Partial<QueryParams>]>([
    [
      ".select('id, name, films ( title, year )')",
      [['select', 'id,name,films(title,year)']],
      { select: [fld('id'), fld('name'), embed('films', [fld('title'), fld('year')])] },
    ],
    [
      `.select('"my col", alias:data->a->>b')`,
      [['select', '"my col",alias:data->a->>b']],
      { select: [fld('my col'), fld(col('data', '->a', '->>b'), { alias: 'alias' })] },
    ],
    [
      ".select('name, instruments!inner(name)')",
      [['select', 'name,instruments!inner(name)']],
      { select: [fld('name'), embed('instruments', [fld('name')], { inner: true })] },
    ],
    [
      ".eq('name', 'Leia')",
      [
        ['select', '*'],
        ['name', 'eq.Leia'],
      ],
      { conditions: [{ path: [], value: filter('name', 'eq', 'Leia') }] },
    ],
    [".neq('id', 3)", [['id', 'neq.3']], { conditions: [{ path: [], value: filter('id', 'neq', '3') }] }],
    [
      ".gt('a', 1).gte('b', 2).lt('c', 3).lte('d', 4)",
      [
        ['a', 'gt.1'],
        ['b', 'gte.2'],
        ['c', 'lt.3'],
        ['d', 'lte.4'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'gt', '1') },
          { path: [], value: filter('b', 'gte', '2') },
          { path: [], value: filter('c', 'lt', '3') },
          { path: [], value: filter('d', 'lte', '4') },
        ],
      },
    ],
    [".in('id', [1, 2])", [['id', 'in.(1,2)']], { conditions: [{ path: [], value: filter('id', 'in', ['1', '2']) }] }],
    [
      ".in('name', ['a,b', 'c(d)', 'e'])",
      [['name', 'in.("a,b","c(d)",e)']],
      { conditions: [{ path: [], value: filter('name', 'in', ['a,b', 'c(d)', 'e']) }] },
    ],
    [".in('id', [])", [['id', 'in.()']], { conditions: [{ path: [], value: filter('id', 'in', []) }] }],
    [
      ".notIn('id', [1, 2])",
      [['id', 'not.in.(1,2)']],
      { conditions: [{ path: [], value: filter('id', 'in', ['1', '2'], { negated: true }) }] },
    ],
    [".contains('tags', ['a', 'b'])", [['tags', 'cs.{a,b}']], { conditions: [{ path: [], value: filter('tags', 'cs', '{a,b}') }] }],
    [
      ".contains('address', { postcode: 90210 })",
      [['address', 'cs.{"postcode":90210}']],
      { conditions: [{ path: [], value: filter('address', 'cs', '{"postcode":90210}') }] },
    ],
    [
      ".contains('during', '[2000-01-01 13:00, 2000-01-01 13:30)')",
      [['during', 'cs.[2000-01-01 13:00, 2000-01-01 13:30)']],
      { conditions: [{ path: [], value: filter('during', 'cs', '[2000-01-01 13:00, 2000-01-01 13:30)') }] },
    ],
    [
      ".containedBy('days', ['monday', 'friday'])",
      [['days', 'cd.{monday,friday}']],
      { conditions: [{ path: [], value: filter('days', 'cd', '{monday,friday}') }] },
    ],
    [".overlaps('tags', ['a', 'b'])", [['tags', 'ov.{a,b}']], { conditions: [{ path: [], value: filter('tags', 'ov', '{a,b}') }] }],
    [".overlaps('during', '[1,5)')", [['during', 'ov.[1,5)']], { conditions: [{ path: [], value: filter('during', 'ov', '[1,5)') }] }],
    [
      ".rangeGt/.rangeGte/.rangeLt/.rangeLte/.rangeAdjacent('r', '[1,2)')",
      [
        ['r', 'sr.[1,2)'],
        ['r', 'nxl.[1,2)'],
        ['r', 'sl.[1,2)'],
        ['r', 'nxr.[1,2)'],
        ['r', 'adj.[1,2)'],
      ],
      { conditions: (['sr', 'nxl', 'sl', 'nxr', 'adj'] as const).map((op) => ({ path: [], value: filter('r', op, '[1,2)') })) },
    ],
    [
      ".textSearch('body', 'cat', { type: 'websearch', config: 'english' })",
      [['body', 'wfts(english).cat']],
      { conditions: [{ path: [], value: filter('body', 'wfts', 'cat', { language: 'english' }) }] },
    ],
    [
      ".textSearch(…{ type: 'plain' }), ({ type: 'phrase', config: 'simple' }), ()",
      [
        ['a', "plfts.'fat' & 'cat'"],
        ['b', 'phfts(simple).fat cat'],
        ['c', 'fts.fat'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'plfts', "'fat' & 'cat'") },
          { path: [], value: filter('b', 'phfts', 'fat cat', { language: 'simple' }) },
          { path: [], value: filter('c', 'fts', 'fat') },
        ],
      },
    ],
    [
      ".match({ a: 1, b: 'x' })",
      [
        ['a', 'eq.1'],
        ['b', 'eq.x'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'eq', '1') },
          { path: [], value: filter('b', 'eq', 'x') },
        ],
      },
    ],
    [".not('x', 'is', null)", [['x', 'not.is.null']], { conditions: [{ path: [], value: filter('x', 'is', 'null', { negated: true }) }] }],
    [
      ".not('id', 'in', '(5,6,7)')",
      [['id', 'not.in.(5,6,7)']],
      { conditions: [{ path: [], value: filter('id', 'in', ['5', '6', '7'], { negated: true }) }] },
    ],
    [
      `.not('arraycol', 'cs', '{"a","b"}')`,
      [['arraycol', 'not.cs.{"a","b"}']],
      { conditions: [{ path: [], value: filter('arraycol', 'cs', '{"a","b"}', { negated: true }) }] },
    ],
    [".filter('x', 'in', '(1,2)')", [['x', 'in.(1,2)']], { conditions: [{ path: [], value: filter('x', 'in', ['1', '2']) }] }],
    [
      ".filter('instruments.name', 'eq', 'flute')",
      [['instruments.name', 'eq.flute']],
      { conditions: [{ path: ['instruments'], value: filter('name', 'eq', 'flute') }] },
    ],
    [
      ".like('name', '%Lu%').ilike('name', '%lu%')",
      [
        ['name', 'like.%Lu%'],
        ['name', 'ilike.%lu%'],
      ],
      {
        conditions: [
          { path: [], value: filter('name', 'like', '%Lu%') },
          { path: [], value: filter('name', 'ilike', '%lu%') },
        ],
      },
    ],
    [
      '.likeAllOf / .likeAnyOf / .ilikeAllOf / .ilikeAnyOf',
      [
        ['a', 'like(all).{%x%,%y%}'],
        ['b', 'like(any).{x%,y%}'],
        ['c', 'ilike(all).{%x%}'],
        ['d', 'ilike(any).{%x%,%y%}'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'like', ['%x%', '%y%'], { quantifier: 'all' }) },
          { path: [], value: filter('b', 'like', ['x%', 'y%'], { quantifier: 'any' }) },
          { path: [], value: filter('c', 'ilike', ['%x%'], { quantifier: 'all' }) },
          { path: [], value: filter('d', 'ilike', ['%x%', '%y%'], { quantifier: 'any' }) },
        ],
      },
    ],
    [
      ".regexMatch('a', '^x.*$').regexIMatch('b', '^y')",
      [
        ['a', 'match.^x.*$'],
        ['b', 'imatch.^y'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'match', '^x.*$') },
          { path: [], value: filter('b', 'imatch', '^y') },
        ],
      },
    ],
    [
      ".is('a', null).is('b', true).is('c', false)",
      [
        ['a', 'is.null'],
        ['b', 'is.true'],
        ['c', 'is.false'],
      ],
      {
        conditions: [
          { path: [], value: filter('a', 'is', 'null') },
          { path: [], value: filter('b', 'is', 'true') },
          { path: [], value: filter('c', 'is', 'false') },
        ],
      },
    ],
    [".isDistinct('a', 'x')", [['a', 'isdistinct.x']], { conditions: [{ path: [], value: filter('a', 'isdistinct', 'x') }] }],
    [
      ".eq('data->a->>b', 'x')",
      [['data->a->>b', 'eq.x']],
      { conditions: [{ path: [], value: filter(col('data', '->a', '->>b'), 'eq', 'x') }] },
    ],
    [
      ".or('id.eq.2,name.eq.Han')",
      [['or', '(id.eq.2,name.eq.Han)']],
      { conditions: [{ path: [], value: tree('or', [filter('id', 'eq', '2'), filter('name', 'eq', 'Han')]) }] },
    ],
    [
      ".or('id.gt.3,and(id.eq.1,name.eq.Luke)')",
      [['or', '(id.gt.3,and(id.eq.1,name.eq.Luke))']],
      {
        conditions: [
          { path: [], value: tree('or', [filter('id', 'gt', '3'), tree('and', [filter('id', 'eq', '1'), filter('name', 'eq', 'Luke')])]) },
        ],
      },
    ],
    [
      ".or('section_id.eq.1,name.eq.guzheng', { referencedTable: 'instruments' })",
      [['instruments.or', '(section_id.eq.1,name.eq.guzheng)']],
      { conditions: [{ path: ['instruments'], value: tree('or', [filter('section_id', 'eq', '1'), filter('name', 'eq', 'guzheng')]) }] },
    ],
    [
      `.or('id.in.(5,6,7), arraycol.cs.{"a","b"}')`,
      [['or', '(id.in.(5,6,7), arraycol.cs.{"a","b"})']],
      { conditions: [{ path: [], value: tree('or', [filter('id', 'in', ['5', '6', '7']), filter('arraycol', 'cs', '{"a","b"}')]) }] },
    ],
    [
      ".order('id', { ascending: false }).order('name').order('age', { nullsFirst: false })",
      [['order', 'id.desc,name.asc,age.asc.nullslast']],
      {
        order: [
          {
            path: [],
            value: [
              { field: col('id'), direction: 'desc' },
              { field: col('name'), direction: 'asc' },
              { field: col('age'), direction: 'asc', nulls: 'last' },
            ],
          },
        ],
      },
    ],
    [
      ".order('name', { referencedTable: 'films', ascending: false, nullsFirst: true })",
      [['films.order', 'name.desc.nullsfirst']],
      { order: [{ path: ['films'], value: [{ field: col('name'), direction: 'desc', nulls: 'first' }] }] },
    ],
    [
      ".order('section(name)', { ascending: true })",
      [['order', 'section(name).asc']],
      { order: [{ path: [], value: [{ relation: 'section', field: col('name'), direction: 'asc' }] }] },
    ],
    [
      ".limit(1).limit(5, { referencedTable: 'films' })",
      [
        ['limit', '1'],
        ['films.limit', '5'],
      ],
      {
        limit: [
          { path: [], value: 1 },
          { path: ['films'], value: 5 },
        ],
      },
    ],
    [
      '.range(0, 9)',
      [
        ['offset', '0'],
        ['limit', '10'],
      ],
      { offset: [{ path: [], value: 0 }], limit: [{ path: [], value: 10 }] },
    ],
    [
      ".range(10, 19, { referencedTable: 'films' })",
      [
        ['films.offset', '10'],
        ['films.limit', '10'],
      ],
      { offset: [{ path: ['films'], value: 10 }], limit: [{ path: ['films'], value: 10 }] },
    ],
    [
      '.insert([{ a: 1, b: 2 }, { c: 3 }]).select()',
      [
        ['columns', '"a","b","c"'],
        ['select', '*'],
      ],
      { columns: ['a', 'b', 'c'], select: [star] },
    ],
    [
      ".upsert([{ id: 1 }], { onConflict: 'id, slug' })",
      [
        ['on_conflict', 'id, slug'],
        ['columns', '"id"'],
      ],
      { onConflict: ['id', 'slug'], columns: ['id'] },
    ],
    [".delete().in('id', [1])", [['id', 'in.(1)']], { conditions: [{ path: [], value: filter('id', 'in', ['1']) }] }],
  ])('%s', (_call, pairs, expected) => {
    expect(parse(pairs)).toMatchObject(expected);
  });

  it(".rpc('fn', { a: 1, b: ['x', 'y'] }, { get: true })", () => {
    expect([...parse('a=1&b={x,y}', { rpcRead: true }).args]).toEqual([
      ['a', ['1']],
      ['b', ['{x,y}']],
    ]);
  });
});

describe('parseQueryParams: fuzz', () => {
  const pieces = [
    'a',
    'b',
    'id',
    'films',
    '*',
    '.',
    ',',
    '(',
    ')',
    '!',
    ':',
    '::',
    '"',
    '\\',
    '{',
    '}',
    '[',
    ']',
    '-',
    '->',
    '->>',
    ' ',
    '\t',
    '\n',
    '\0',
    'eq',
    'not.',
    'in.',
    'is.',
    'null',
    'or',
    'and',
    'or(',
    'and(',
    'not.and(',
    'eq(any).',
    'like(all).',
    'fts(english).',
    'cs.',
    '...',
    '!inner',
    'asc',
    'desc',
    '.nullsfirst',
    'count()',
    '.sum()',
    '0',
    '-1',
    '99999999999999999999',
    'é',
    '名',
    '𝔸',
    '\ud800',
    '=',
    '&',
    '%',
    '+',
  ];
  const keys = [
    'select',
    'order',
    'films.order',
    'or',
    'and',
    'not.or',
    'films.not.and',
    'limit',
    'offset',
    'films.limit',
    'columns',
    'on_conflict',
    'id',
    'data->a',
    'films.year',
  ];
  const valid = [
    'select=*,films!inner(title,year),director:directors!fk(id,last_name)',
    'or=(a.eq.1,and(b.gt.2,c.lt.3),not.and(d.is.null,e.in.("x,y",z)))',
    'order=name.desc.nullslast,data->a.asc,clients(name)',
    'id=in.(1,"b,c",d)&tags=cs.{a,b}&name=like(any).{a*,*b}&body=wfts(english).cat',
  ];

  it('throws nothing but RestError at random input', () => {
    const next = seeded(20240607).next;
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const noise = (length: number) => Array.from({ length }, () => pick(pieces)).join('');
    for (let round = 0; round < 4000; round++) {
      let pairs: [string, string][];
      if (round % 2) {
        pairs = Array.from({ length: 1 + Math.floor(next() * 3) }, () => [
          next() < 0.8 ? pick(keys) : noise(3),
          noise(Math.floor(next() * 12)),
        ]);
      } else {
        // A valid query with a few characters changed, to reach deep into the grammar.
        const chars = [...pick(valid)];
        for (let edit = 0; edit < 1 + next() * 3; edit++)
          chars.splice(Math.floor(next() * chars.length), Math.floor(next() * 2), ...(next() < 0.7 ? [pick(pieces)] : []));
        pairs = [...new URLSearchParams(chars.join(''))];
      }
      try {
        parse(pairs, { rpcRead: round % 3 === 0 });
      } catch (error) {
        if (!(error instanceof RestError)) throw new Error(`${JSON.stringify(pairs)} threw ${String(error)}`);
        expect(error.status === 400 || error.status === 416).toBe(true);
      }
    }
  });

  it('parses huge inputs in linear time', () => {
    const started = performance.now();
    expect(parse([['select', Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(',')]]).select).toHaveLength(50_000);
    expect(parse([['or', `(${Array.from({ length: 20_000 }, (_, i) => `c${i}.eq.${i}`).join(',')})`]]).conditions).toHaveLength(1);
    expect(parse([['id', `in.(${'1,'.repeat(50_000)}1)`]]).conditions).toHaveLength(1);
    expect(failure([['or', `(${'not.and('.repeat(50_000)}`]]).code).toBe('PGRST100');
    expect(failure([['select', `${'a('.repeat(50_000)}`]]).code).toBe('PGRST100');
    expect(failure([['a', `eq(any).{${'"x",'.repeat(50_000)}`]]).code).toBe('PGRST100');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
