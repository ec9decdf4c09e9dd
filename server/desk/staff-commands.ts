import { z } from "zod";

import type { Database } from "../db/database";
import {
  addStaff,
  disableStaff,
  listStaff,
  resetStaffPassword,
  type StaffMember,
} from "./staff-accounts.server";
import type { StaffAuth } from "./staff-auth";

/** One `npm run staff` command, as the command line reads it and the running server receives it. */
export const staffCommandSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("add"),
    email: z.string(),
    role: z.string().optional(),
    offices: z.array(z.string()),
    name: z.string().optional(),
    password: z.string(),
  }),
  z.object({ command: z.literal("list") }),
  z.object({ command: z.literal("disable"), email: z.string() }),
  z.object({ command: z.literal("reset-password"), email: z.string(), password: z.string() }),
]);
export type StaffCommand = z.infer<typeof staffCommandSchema>;

export function describeStaff(member: StaffMember) {
  const offices = member.role === "owner" ? "every office" : member.offices.join(", ");
  const state = member.disabledAt ? ` (disabled ${member.disabledAt.toISOString()})` : "";
  return `${member.email}  ${member.role}  ${offices}${state}`;
}

/** Carries out a command; answers the lines to print. */
export async function runStaffCommand(
  db: Database,
  auth: StaffAuth,
  command: StaffCommand,
): Promise<string[]> {
  switch (command.command) {
    case "add": {
      const member = await addStaff(db, auth, command);
      return [`Added ${describeStaff(member)}`];
    }
    case "list": {
      const members = await listStaff(db);
      return members.length === 0 ? ["No staff accounts yet."] : members.map(describeStaff);
    }
    case "disable": {
      const member = await disableStaff(db, command.email);
      return [`Disabled ${describeStaff(member)}; signed out everywhere.`];
    }
    case "reset-password": {
      const member = await resetStaffPassword(db, auth, command.email, command.password);
      return [`New password set for ${member.email}; signed out everywhere.`];
    }
  }
}
