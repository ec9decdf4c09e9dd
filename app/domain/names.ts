/**
 * A person's first name: all a homeowner is told of their technician ("Dana is on the way"), and
 * all that is published of a reviewer. One rule, so a page, an email and a text name them alike.
 */

/** "Dana" from " Dana  Reyes ": the first word of a name as it was typed; "" when there is none. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? "";
}
