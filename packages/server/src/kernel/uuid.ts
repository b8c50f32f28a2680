const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path or body can be a uuid column's value: checked first, so a bad one is a 404, not a database error. */
export const isUuid = (value: string) => UUID.test(value);
