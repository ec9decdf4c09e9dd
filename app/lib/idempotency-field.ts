/**
 * The hidden field carrying a form's idempotency key, so a submission sent again is stored once.
 * The server writes a fresh random key into each page it sends (`idempotencyKeySlot`, filled per
 * response like the CSP nonce, never shared through the page cache): a page posted without
 * scripts and posted again by a refresh replays the first answer. Once hydrated, the scripts
 * send a key of their own and keep it until a success.
 */
export const idempotencyKeyField = "idempotencyKey";

/** Stands in the rendered page for the key the server puts in each response. */
export const idempotencyKeySlot = "idempotencykey0placeholder0000";
