/**
 * The hidden field carrying a form's idempotency key. The page's scripts fill it after
 * hydration and keep it until a success, so a retried submission is stored once.
 */
export const idempotencyKeyField = "idempotencyKey";
