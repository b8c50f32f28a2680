import type { PgExtension, PgFunction, PgIndex, PgPolicy, PgTable, PgView } from '@basin/core/schemas';

export interface PgMetaKinds {
  tables: PgTable;
  views: PgView;
  functions: PgFunction;
  indexes: PgIndex;
  policies: PgPolicy;
  extensions: PgExtension;
}

export type PgMetaKind = keyof PgMetaKinds;

/** Swagger 2.0 as PostgREST describes a project's API: the parts the docs panel reads (core types `paths` as unknown). */
export interface SwaggerProperty {
  type?: string;
  format?: string;
  description?: string;
  enum?: string[];
}

export interface SwaggerDefinition {
  properties?: Record<string, SwaggerProperty>;
  required?: string[];
  description?: string;
}

export interface SwaggerParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { properties?: Record<string, SwaggerProperty>; required?: string[] };
}

export interface ApiDescription {
  definitions?: Record<string, SwaggerDefinition>;
  paths?: Record<string, { post?: { parameters?: SwaggerParameter[]; summary?: string } }>;
}
