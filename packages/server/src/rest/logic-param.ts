/**
 * Logic trees: `or=(a.eq.1,and(b.gt.2,c.lt.3))`, `not.and=(…)`, `films.or=(…)`. Inside, a
 * condition is `column->json.not.op.value` or another tree, `not.` negating either.
 */
import { operation, treeOperand } from './filter-param.ts';
import { MAX_NESTING, type Scanner, dottedNames, field, parseWith } from './query-syntax.ts';
import type { Condition, LogicTree, Scoped } from './types.ts';

/** A parameter whose name ends in `and` or `or`; `not` anywhere in the name negates the tree. */
export function parseLogicTree(key: string, value: string): Scoped<LogicTree> {
  const names = parseWith(key, `failed to parse logic path (${key})`, (s) => {
    const found = dottedNames(s);
    s.expectEnd('delimiter (.)');
    return found;
  });
  const negated = names.includes('not');
  // As PostgREST does, the operator joins the value so that one grammar reads `or(…)` at any depth.
  const text = `${negated ? 'not.' : ''}${names.at(-1)}${value}`;
  const tree = parseWith(text, `failed to parse logic tree (${value})`, (s) => {
    const parsed = expression(s, 0);
    s.expectEnd();
    return parsed;
  });
  return { path: names.slice(0, -1).filter((name) => name !== 'not'), value: tree };
}

function expression(s: Scanner, depth: number): LogicTree {
  if (depth > MAX_NESTING) s.refuse(`logic trees are nested deeper than ${MAX_NESTING} levels`);
  const negated = s.eat('not.');
  const operator = s.eat('and')
    ? 'and'
    : s.eat('or')
      ? 'or'
      : s.fail(...(negated ? [] : ['negation operator (not)']), 'logic operator (and, or)');
  s.spaces();
  s.expect('(');
  const conditions = [condition(s, depth)];
  for (s.spaces(); s.eat(','); s.spaces()) conditions.push(condition(s, depth));
  s.expect(')', '"," or ")"');
  s.spaces();
  return { kind: 'logic', operator, negated, conditions };
}

function condition(s: Scanner, depth: number): Condition {
  s.spaces();
  return s.firstOf<Condition>(
    () => {
      const column = field(s);
      s.expect('.', 'delimiter (.)');
      return operation(s, column, treeOperand);
    },
    () => expression(s, depth + 1),
  );
}
