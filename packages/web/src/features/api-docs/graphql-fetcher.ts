/** What GraphiQL sends, and how it reaches the project's `/graphql/v1` with a chosen key and token. */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export type GraphqlFetcher = (request: GraphqlRequest) => Promise<unknown>;

/**
 * Posts to `<origin>/graphql/v1` as an app would: the API key, and a user's access token (or the
 * key itself) as the bearer. Any answer with a JSON body is GraphiQL's to show, errors included.
 */
export function graphqlFetcher(origin: string, apiKey: string, accessToken?: string): GraphqlFetcher {
  return async (request) => {
    const response = await fetch(`${origin}/graphql/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: apiKey, authorization: `Bearer ${accessToken || apiKey}` },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { errors: [{ message: `HTTP ${response.status}: ${text || response.statusText}` }] };
    }
  };
}
