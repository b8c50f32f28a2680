/** Project refs are 20 lower-case letters, like the hosted platform's (without zod: the dashboard's first load checks refs too). */
export const PROJECT_REF_PATTERN = /^[a-z]{20}$/;

/** Whether a route's ref can name a project at all: placeholders like `default` and typos cannot. */
export const isProjectRef = (ref: string | undefined): ref is string => ref !== undefined && PROJECT_REF_PATTERN.test(ref);
