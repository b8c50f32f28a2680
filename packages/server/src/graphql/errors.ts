/** A request GraphQL answers with an error in pg_graphql's shape: `{"data": null, "errors": [{"message": ...}]}`. */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export const errorBody = (messages: string[]) => ({ data: null, errors: messages.map((message) => ({ message })) });
