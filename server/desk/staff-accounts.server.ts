import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import { stateSlugs, type StateSlug } from "~/content/states";
import { staffPasswordSchema } from "~/domain/staff";

import type { Database } from "../db/database";
import { staffRoles, staffSessions, staffUsers, type StaffRole } from "../db/schema";
import type { StaffAuth } from "./staff-auth";

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The offices (state slugs) the person works: every office for an owner. */
  offices: StateSlug[];
  disabledAt: Date | null;
  /** Whether sign-in asks for an authenticator app's code after the password. */
  twoFactorEnabled: boolean;
}

/**
 * The offices whose leads, subscribers and live inbox the person may read: none for a
 * technician, whose offices are where they work, not what they read (they see their own visits).
 * Every desk query reads this, so a guard missed on a route still shows a technician nothing.
 */
export function leadOffices(staff: Pick<StaffMember, "role" | "offices">): StateSlug[] {
  return staff.role === "technician" ? [] : staff.offices;
}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address").max(254));

export const newStaffSchema = z
  .object({
    email: emailSchema,
    name: z.string().trim().max(100).optional(),
    role: z.enum(staffRoles, { error: `Role must be one of: ${staffRoles.join(", ")}` }),
    offices: z.array(z.enum(stateSlugs, { error: `Offices are: ${stateSlugs.join(", ")}` })),
    password: staffPasswordSchema,
  })
  .refine((staff) => staff.role !== "dispatcher" || staff.offices.length > 0, {
    path: ["offices"],
    message: "A dispatcher needs at least one office (--office texas,florida)",
  })
  .refine((staff) => staff.role !== "technician" || staff.offices.length > 0, {
    path: ["offices"],
    message: "A technician needs at least one office (--office texas)",
  })
  // The homeowner reads it ("Alex is on the way"): an email's local part will not do.
  .refine((staff) => staff.role !== "technician" || Boolean(staff.name), {
    path: ["name"],
    message: 'A technician needs a name (--name "Alex Rivera")',
  });
/** What a caller gives to `addStaff`: checked against `newStaffSchema` there. */
export type NewStaffInput = { [Field in keyof z.input<typeof newStaffSchema>]?: unknown };

/** Thrown for a command the accounts refuse (an unknown email, a taken one): its message is for people. */
export class StaffAccountError extends Error {}

function memberFrom(row: typeof staffUsers.$inferSelect): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    offices: row.role === "owner" ? [...stateSlugs] : row.offices,
    disabledAt: row.disabledAt,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

/** Whether anyone can sign in yet: until then the desk explains how to create the first account. */
export async function hasActiveStaff(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(isNull(staffUsers.disabledAt))
    .limit(1);
  return row !== undefined;
}

export async function findStaffById(db: Database, id: string): Promise<StaffMember | null> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row ? memberFrom(row) : null;
}

/**
 * Whether a session still grants what it granted `staff` when it was checked: it exists, has not
 * expired, and its person is active with the same role and offices.
 */
export async function sessionStillGrants(
  db: Database,
  sessionId: string,
  staff: Pick<StaffMember, "id" | "role" | "offices">,
): Promise<boolean> {
  const [row] = await db
    .select({ user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.userId, staff.id),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffUsers.disabledAt),
      ),
    );
  if (!row) return false;
  const current = memberFrom(row.user);
  return (
    current.role === staff.role &&
    current.offices.length === staff.offices.length &&
    current.offices.every((office) => staff.offices.includes(office))
  );
}

async function findStaffByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, emailSchema.parse(email)));
  if (!row) throw new StaffAccountError(`No staff account has the email ${email}`);
  return row;
}

/** Creates an account with a password (better-auth hashes it), its role and offices. */
export async function addStaff(
  db: Database,
  auth: StaffAuth,
  input: NewStaffInput,
): Promise<StaffMember> {
  const staff = newStaffSchema.parse(input);
  const [taken] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, staff.email));
  if (taken) throw new StaffAccountError(`${staff.email} already has an account`);
  const context = await auth.$context;
  const passwordHash = await context.password.hash(staff.password);
  const user = await context.internalAdapter.createUser(
    {
      email: staff.email,
      name: staff.name || staff.email.split("@")[0] || staff.email,
      emailVerified: true,
      role: staff.role,
    },
    { method: "admin" },
  );
  try {
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: passwordHash,
    });
    const [row] = await db
      .update(staffUsers)
      .set({ offices: staff.role === "owner" ? [] : [...new Set(staff.offices)] })
      .where(eq(staffUsers.id, user.id))
      .returning();
    if (!row) throw new Error("The new account could not be read back");
    return memberFrom(row);
  } catch (error) {
    await db.delete(staffUsers).where(eq(staffUsers.id, user.id));
    throw error;
  }
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.email));
  return rows.map(memberFrom);
}

/** Disables an account and ends every session it has. */
export async function disableStaff(db: Database, email: string): Promise<StaffMember> {
  const row = await findStaffByEmail(db, email);
  const [disabled] = await db
    .update(staffUsers)
    .set({ disabledAt: sql`coalesce(${staffUsers.disabledAt}, now())` })
    .where(eq(staffUsers.id, row.id))
    .returning();
  await db.delete(staffSessions).where(eq(staffSessions.userId, row.id));
  return memberFrom(disabled ?? row);
}

/** Sets a new password and ends every session of the account. */
export async function resetStaffPassword(
  db: Database,
  auth: StaffAuth,
  email: string,
  password: string,
): Promise<StaffMember> {
  const row = await findStaffByEmail(db, email);
  const context = await auth.$context;
  await context.internalAdapter.updatePassword(
    row.id,
    await context.password.hash(staffPasswordSchema.parse(password)),
  );
  await db.delete(staffSessions).where(eq(staffSessions.userId, row.id));
  return memberFrom(row);
}
