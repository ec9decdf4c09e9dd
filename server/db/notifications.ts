/** `NOTIFY`'d in the transaction that stores a lead, with the office's slug: the desk goes live. */
export const newLeadsChannel = "desk_new_leads";
