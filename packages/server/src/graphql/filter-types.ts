/**
 * pg_graphql's filter inputs: one per scalar (`IntFilter`, `StringFilter`...), per list of a
 * scalar (`IntListFilter`) and per enum, each with the operators that type compares with.
 */
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, type GraphQLInputType } from 'graphql';
import type { ScalarName } from './scalars.ts';

export const FILTER_IS = new GraphQLEnumType({ name: 'FilterIs', values: { NULL: {}, NOT_NULL: {} } });

const ORDERED = ['eq', 'gt', 'gte', 'in', 'is', 'lt', 'lte', 'neq'];
const OPERATORS: Partial<Record<ScalarName, string[]>> = {
  Int: ORDERED,
  BigInt: ORDERED,
  BigFloat: ORDERED,
  Float: ORDERED,
  Date: ORDERED,
  Datetime: ORDERED,
  Time: ORDERED,
  String: [...ORDERED, 'ilike', 'iregex', 'like', 'regex', 'startsWith'],
  Boolean: ['eq', 'is'],
  UUID: ['eq', 'in', 'is', 'neq'],
  ID: ['eq'],
  Opaque: ['eq', 'is'],
};
const ENUM_OPERATORS = ['eq', 'in', 'is', 'neq'];
const LIST_OPERATORS = ['cd', 'cs', 'eq', 'gt', 'gte', 'lt', 'lte', 'neq', 'ov'];

export const filterable = (scalar: ScalarName) => OPERATORS[scalar] !== undefined;

/** Builds each filter type once per schema. */
export class FilterTypes {
  readonly #made = new Map<string, GraphQLInputObjectType>();

  of(name: string, type: GraphQLInputType, operators: string[] | undefined, list: boolean): GraphQLInputObjectType | undefined {
    if (!operators) return undefined;
    const key = `${name}${list ? 'List' : ''}Filter`;
    let made = this.#made.get(key);
    if (!made) {
      const element = new GraphQLNonNull(type);
      const fields = Object.fromEntries(
        (list ? LIST_OPERATORS : operators).map((op) => [
          op,
          { type: op === 'is' ? FILTER_IS : list || op === 'in' ? new GraphQLList(element) : type },
        ]),
      );
      made = new GraphQLInputObjectType({
        name: key,
        description: `Boolean expression comparing fields on type "${name}${list ? 'List' : ''}"`,
        fields,
      });
      this.#made.set(key, made);
    }
    return made;
  }

  scalar(name: ScalarName, type: GraphQLInputType, list: boolean) {
    return this.of(name, type, OPERATORS[name], list);
  }

  enumFilter(type: GraphQLEnumType, list: boolean) {
    return this.of(type.name, type, ENUM_OPERATORS, list);
  }
}
