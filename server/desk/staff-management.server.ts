import { createHash, randomBytes, randomUUID } from "node:crypto";

import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";

import { brandName } from "~/content/company";
import type { invitationSchema, staffAccessSchema } from "~/domain/staff";

import { mailFromAddress, type ServerConfig } from "../config";
import type { Database } from "../db/database";
import { outbox, staffInvitations, staffSessions, staffUsers } from "../db/schema";
import { invitationEmail } from "../mail/staff-emails";
import {
  addStaff,
  findStaffById,
  StaffAccountError,
  type StaffMember,
} from "./staff-accounts.server";
import type { StaffAuth } from "./staff-auth";

export const invitationHours = 72;

/** A staff change's refusal (its message is for people), or null when it was done. */
export async function refusalOf(work: Promise<void>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof StaffAccountError) return error.message;
    throw error;
  }
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface StaffListItem {
  id: string;
  email: string;
  name: string;
  role: StaffMember["role"];
  offices: string[];
  disabled: boolean;
}

export interface PendingInvitation {
  email: string;
  name: string;
  role: StaffMember["role"];
  expiresAt: string;
}

export async function staffOverview(db: Database) {
  const members = await db.select().from(staffUsers).orderBy(asc(staffUsers.email));
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, sql`now()`)))
    .orderBy(asc(staffInvitations.createdAt));
  return {
    members: members.map<StaffListItem>((member) => ({
      id: member.id,
      email: member.email,
      name: member.name,
      role: member.role,
      offices: member.offices,
      disabled: member.disabledAt !== null,
    })),
    invitations: invitations.map<PendingInvitation>((invitation) => ({
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

/** Stores the invitation and its email in one transaction (the outbox sends it). */
export async function inviteStaff(
  db: Database,
  config: ServerConfig,
  owner: StaffMember,
  invitation: z.output<typeof invitationSchema>,
): Promise<void> {
  const [taken] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, invitation.email));
  if (taken) throw new StaffAccountError(`${invitation.email} already has an account`);
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const email = invitationEmail({
    id,
    email: invitation.email,
    name: invitation.name,
    inviterName: owner.name,
    link: `${config.SITE_URL}/office/invitation/${token}`,
    from: { name: brandName, address: mailFromAddress(config) },
    siteHost: new URL(config.SITE_URL).hostname,
  });
  await db.transaction(async (tx) => {
    await tx.insert(staffInvitations).values({
      id,
      tokenHash: hashOf(token),
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      offices: invitation.role === "owner" ? [] : invitation.offices,
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + invitationHours * 3_600_000),
    });
    await tx.insert(outbox).values({
      id: randomUUID(),
      kind: email.kind,
      subjectId: id,
      message: email.message,
    });
  });
}

/** The invitation a link names, while it can still be used. */
export async function openInvitation(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [invitation] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashOf(token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    );
  return invitation ?? null;
}

/** Uses the link once: the account is created with the invitation's role and offices. */
export async function acceptInvitation(
  db: Database,
  auth: StaffAuth,
  token: string,
  password: string,
): Promise<StaffMember | null> {
  const invitation = await openInvitation(db, token);
  if (!invitation) return null;
  const [claimed] = await db
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt)))
    .returning();
  if (!claimed) return null;
  try {
    return await addStaff(db, auth, {
      email: claimed.email,
      name: claimed.name,
      role: claimed.role,
      offices: claimed.offices,
      password,
    });
  } catch (error) {
    await db
      .update(staffInvitations)
      .set({ acceptedAt: null })
      .where(eq(staffInvitations.id, claimed.id));
    throw error;
  }
}

async function assertAnotherOwnerRemains(db: Database, id: string) {
  const [other] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt), ne(staffUsers.id, id)))
    .limit(1);
  if (!other) throw new StaffAccountError("The desk needs at least one active owner.");
}

export async function changeStaffAccess(
  db: Database,
  id: string,
  access: z.output<typeof staffAccessSchema>,
): Promise<void> {
  const member = await findStaffById(db, id);
  if (!member) throw new StaffAccountError("No such account");
  if (member.role === "owner" && access.role !== "owner") await assertAnotherOwnerRemains(db, id);
  await db
    .update(staffUsers)
    .set({ role: access.role, offices: access.role === "owner" ? [] : access.offices })
    .where(eq(staffUsers.id, id));
}

export async function disableStaffById(db: Database, id: string): Promise<void> {
  const member = await findStaffById(db, id);
  if (!member) throw new StaffAccountError("No such account");
  if (member.role === "owner") await assertAnotherOwnerRemains(db, id);
  await db
    .update(staffUsers)
    .set({ disabledAt: sql`coalesce(${staffUsers.disabledAt}, now())` })
    .where(eq(staffUsers.id, id));
  await db.delete(staffSessions).where(eq(staffSessions.userId, id));
}
