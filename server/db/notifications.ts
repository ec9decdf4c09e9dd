/** `NOTIFY`'d in the transaction that stores a lead, with the office's slug: the desk goes live. */
export const newLeadsChannel = "desk_new_leads";

/**
 * `NOTIFY`'d by triggers (migration 0010) when a staff session ends or a person's access changes:
 * JSON, `{ staffId, sessionId }` for one session, `{ staffId }` for every session of the person.
 * Their open desk streams end.
 */
export const staffSessionsChannel = "desk_staff_sessions";

/**
 * `NOTIFY`'d with a service request's id when what its homeowner's page shows changes in the
 * desk or the field (a booking, a technician's tap): the open private pages reload.
 */
export const requestChangesChannel = "request_changes";

/**
 * `NOTIFY`'d by triggers (migration 0050) when emails or texts are stored, with the table's name
 * (`outbox` or `texts`): that table's worker looks at once instead of at its next poll.
 */
export const jobsDueChannel = "jobs_due";
