/**
 * PostgREST's error body `{code, details, hint, message}`: its own codes (PGRST1xx for the
 * request, PGRST2xx for the schema cache, PGRST1xx/PGRST0xx for the connection) and the
 * SQLSTATE of a database error mapped to an HTTP status as PostgREST maps it.
 */
/** Details are text, except PGRST201's list of the relationships that fit. */
export type RestErrorDetails = string | Record<string, string>[] | null;

export interface RestErrorBody {
  code: string;
  details: RestErrorDetails;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: RestErrorDetails = null,
    readonly hint: string | null = null,
    /** Response headers a function asked for with `RAISE SQLSTATE 'PGRST'`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A query string PostgREST could not parse (PGRST100). */
export const parseError = (message: string, details: string | null = null) => new RestError(400, 'PGRST100', message, details);

/** An invalid request body (PGRST102). */
export const bodyError = (message: string) => new RestError(400, 'PGRST102', message);

/** An invalid Range header or limit/offset (PGRST103). */
export const rangeError = (message: string, details: string | null = null) => new RestError(416, 'PGRST103', message, details);
