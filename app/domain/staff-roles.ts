// Apart from ./staff.ts (its forms' schemas): the desk's header reads these in the browser, and
// zod there would try `new Function`, which the Content-Security-Policy refuses.

/** The desk's roles, as people read them. */
export const staffRoleLabels = {
  owner: "Owner",
  dispatcher: "Dispatcher",
  technician: "Technician",
} as const;
export type StaffRoleName = keyof typeof staffRoleLabels;

/** Where each role lands after signing in: a technician's desk is their day. */
export function homeOf(role: StaffRoleName): string {
  return role === "technician" ? "/office/day" : "/office";
}
