/** Ids of our rows are UUIDs; anything else cannot name one, so lookups answer "not found" without asking PostgreSQL (which would refuse the cast). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
