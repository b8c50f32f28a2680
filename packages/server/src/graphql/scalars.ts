/**
 * Postgres types as pg_graphql maps them to GraphQL: BigInt, BigFloat and JSON travel as strings
 * (JavaScript numbers cannot hold them; JSON is the value serialized), dates and times as their
 * ISO text, UUID as text, and anything else as Opaque (its JSON value).
 */
import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, type ValueNode } from 'graphql';

/** A scalar read and written as it comes: the database checks the value against the column's type. */
const passThrough = (name: string, description: string) =>
  new GraphQLScalarType({
    name,
    description,
    parseValue: (value: unknown) => value,
    parseLiteral: (node: ValueNode) => literalValue(node),
  });

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value)]));
    default:
      return undefined;
  }
}

export const SCALARS = {
  BigInt: passThrough('BigInt', 'An arbitrary size integer represented as a string'),
  BigFloat: passThrough('BigFloat', 'A high precision floating point value represented as a string'),
  Date: passThrough('Date', 'A date wihout time information'),
  Datetime: passThrough('Datetime', 'A date and time'),
  Time: passThrough('Time', 'A time without date information'),
  UUID: passThrough('UUID', 'A universally unique identifier'),
  JSON: passThrough('JSON', 'A Javascript Object Notation value serialized as a string'),
  Cursor: passThrough('Cursor', 'An opaque string using for tracking a position in results during pagination'),
  Opaque: passThrough('Opaque', 'Any type not handled by the type system'),
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  ID: GraphQLID,
};

export type ScalarName = keyof typeof SCALARS;

const BY_TYPE: Record<string, ScalarName> = {
  smallint: 'Int',
  integer: 'Int',
  bigint: 'BigInt',
  numeric: 'BigFloat',
  real: 'Float',
  'double precision': 'Float',
  boolean: 'Boolean',
  text: 'String',
  'character varying': 'String',
  character: 'String',
  citext: 'String',
  name: 'String',
  uuid: 'UUID',
  json: 'JSON',
  jsonb: 'JSON',
  date: 'Date',
  'timestamp with time zone': 'Datetime',
  'timestamp without time zone': 'Datetime',
  'time with time zone': 'Time',
  'time without time zone': 'Time',
};

/** What a column's type (as format_type prints it) is in GraphQL: a scalar or an enum, maybe a list of them. */
export interface ColumnKind {
  scalar: ScalarName | { enumOf: string };
  list: boolean;
}

export function columnKind(type: string, enums: Map<string, string[]>): ColumnKind {
  const list = type.endsWith('[]');
  const element = list ? type.slice(0, -2) : type;
  if (enums.has(element)) return { scalar: { enumOf: element }, list };
  // Lengths and precisions do not change the kind: `character varying(20)`, `numeric(10,2)`.
  const base = element.replace(/\(.*\)/, '').trim();
  return { scalar: BY_TYPE[base] ?? 'Opaque', list };
}

/** Scalars whose SQL value answers as text, not as its JSON form. */
export const AS_TEXT = new Set<ScalarName>(['BigInt', 'BigFloat', 'JSON']);
