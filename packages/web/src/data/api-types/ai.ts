// GENERATED FILE, do not edit. The types of the OpenAPI document at
// /api/ai/openapi.json, written by packages/server/scripts/api-types.ts with
// openapi-typescript. Regenerate with `npm run api-types` (`npm run typecheck` runs it too).

export interface paths {
    "/sql/generate-v4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Signed in with the dashboard's session, or with a personal access token (`Authorization: Bearer sbp_...`) acting as its user with the user's own roles */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GenerateBody"];
                };
            };
            responses: {
                /** @description The AI SDK's UI message stream (x-vercel-ai-ui-message-stream: v1): the assistant's message with its text, reasoning and tool parts; a failed turn ends with an error chunk whose errorText keeps the provider's words */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not signed in */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Missing permission */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not found, or not a member of its organization */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description No model is configured (OPENAI_API_KEY) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sql/check-api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Whether a model is configured and whether the assistant is switched off */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CheckApiKeyResponse"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not signed in */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Missing permission */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not found, or not a member of its organization */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feedback/rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RateMessageBody"];
                };
            };
            responses: {
                /** @description Stored; the category the rated answer falls in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RateMessageResponse"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not signed in */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Missing permission */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Not found, or not a member of its organization */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorResponse: {
            message: string;
        };
        GenerateBody: {
            /** Format: uuid */
            chatId: string;
            messages: components["schemas"]["ChatMessage"][];
            projectRef: string;
            orgSlug: string;
            /** @enum {string} */
            aiOptInLevel?: "disabled" | "schema" | "schema_and_log" | "schema_and_log_and_data";
            connectionString?: string | null;
            /** @default public */
            schema?: string;
            table?: string;
            chatName?: string;
            /** @enum {string} */
            model?: "gpt-5" | "gpt-5-mini";
            sqlSnippets?: {
                name: string;
                sql: string;
            }[];
        };
        ChatMessage: {
            id: string;
            /** @enum {string} */
            role: "user" | "assistant" | "system";
            parts: ({
                type: string;
            } & {
                [key: string]: unknown;
            })[];
            metadata?: {
                createdAt?: string;
            } & {
                [key: string]: unknown;
            };
        };
        CheckApiKeyResponse: {
            hasKey: boolean;
            disabled: boolean;
            message: string;
        };
        RateMessageResponse: {
            /** @enum {string} */
            category: "sql_generation" | "schema_design" | "rls_policies" | "edge_functions" | "debugging" | "general";
        };
        RateMessageBody: {
            /** @enum {string} */
            rating: "positive" | "negative";
            messages: components["schemas"]["ChatMessage"][];
            messageId: string;
            projectRef: string;
            orgSlug: string;
            reason?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
