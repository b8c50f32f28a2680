import type { paths as AiPaths } from './api-types/ai';
import type { paths as PlatformPaths } from './api-types/platform';
import type { paths as V1Paths } from './api-types/v1';
import type { FetchOptions } from './fetch-options';

/**
 * The types of the typed platform API client, `api` in fetcher.ts:
 * `api.GET('/api/platform/projects/{ref}', { path: { ref }, signal })`. Paths, path parameters,
 * query, body and answer come from the server's OpenAPI documents (api-types/, generated), so a
 * renamed route or field fails the type-check. At run time `api` is the plain fetcher (same
 * ApiError, timeouts, headers and abort signals) filling in the path and query; nothing of the
 * documents reaches the bundle, and this module has no run-time code.
 */

type Under<Base extends string, Paths> = { [Path in keyof Paths & string as `${Base}${Path}`]: Paths[Path] };

/** Every documented route, under the prefix it is served at. */
export type ApiPaths = Under<'/api/platform', PlatformPaths> & Under<'/api/v1', V1Paths> & Under<'/api/ai', AiPaths>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that document `method`. */
export type ApiPath<M extends Method> = {
  [Path in keyof ApiPaths]: ApiPaths[Path] extends Record<M, object> ? Path : never;
}[keyof ApiPaths];

type Operation<Path extends keyof ApiPaths, M extends Method> = ApiPaths[Path][M];

type Defined<T> = Exclude<T, undefined>;
/** `{ key: T }`, `{ key?: T }` when T may be undefined, nothing when T is only undefined. */
type Field<Key extends string, T> = [Defined<T>] extends [never]
  ? unknown
  : undefined extends T
    ? { [K in Key]?: Defined<T> }
    : { [K in Key]: T };
type Json<Content> = Content extends { content: { 'application/json': infer Body } } ? Body : Content;
type Parameters_<Op> = Op extends { parameters: infer P extends { path?: unknown; query?: unknown } } ? P : { path?: never; query?: never };

/** What a call takes besides its path: the document's path parameters, query and JSON body. */
export type ApiInit<Op> = Omit<FetchOptions, 'method' | 'body' | 'path' | 'query'> &
  Field<'path', Parameters_<Op>['path']> &
  Field<'query', Parameters_<Op>['query']> &
  Field<'body', Json<Op extends { requestBody?: unknown } ? Op['requestBody'] : undefined>>;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
/** The JSON of the operation's 2xx answers (undefined for one without a body, e.g. 204). */
export type ApiAnswer<Op> = Op extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends SuccessStatus
        ? Responses[Status] extends { content: { 'application/json': infer Body } }
          ? Body
          : undefined
        : never;
    }[keyof Responses]
  : never;

/** A documented route's query, JSON body and answer, to type a hook's variables and results. */
export type ApiQuery<M extends Method, Path extends ApiPath<M>> = Defined<Parameters_<Operation<Path, M>>['query']>;
export type ApiBody<M extends Method, Path extends ApiPath<M>> = Defined<Json<Operation<Path, M> extends { requestBody?: infer B } ? B : undefined>>;
export type ApiData<M extends Method, Path extends ApiPath<M>> = ApiAnswer<Operation<Path, M>>;

type Args<Init> = object extends Init ? [init?: Init] : [init: Init];

type Call<M extends Method> = <Path extends ApiPath<M>>(
  path: Path,
  ...init: Args<ApiInit<Operation<Path, M>>>
) => Promise<ApiAnswer<Operation<Path, M>>>;

/** The client: one call per method, each answering the document's 2xx JSON and throwing ApiError otherwise. */
export interface ApiClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
}
