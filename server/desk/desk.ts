import { isAPIError } from "better-auth/api";

import { leadStatusLabels, type LeadStatus } from "~/domain/leads";
import type { InboxPage } from "~/features/desk/inbox";
import type { InboxFilters } from "~/features/desk/inbox-filters";
import type { LeadView, StatusChange } from "~/features/desk/lead";
import type { invitationSchema, staffAccessSchema } from "~/features/desk/staff-schemas";
import { signInFailedMessage } from "~/features/desk/sign-in-schema";

import type { z } from "zod";

import type { ServerConfig } from "../config";
import type { Database } from "../db/database";
import { toCsv } from "./csv";
import { exportRows, inboxPage } from "./inbox";

import { photoBytes } from "../requests/homeowner-requests";
import type { VisitContext } from "../requests/visit-changes";
import type { LiveInbox } from "./live-inbox";
import {
  addLeadNote,
  changeLeadStatus,
  leadView,
  sendEmailAgain,
  uuidPattern,
  type LeadChangeOutcome,
} from "./leads";
import {
  subscribersCsv,
  subscribersPage,
  unsubscribeSubscriber,
  type SubscribersPage,
} from "./subscribers";
import {
  erasePrivacyRecords,
  exportPrivacyRecords,
  findPrivacyRecords,
  privacySubjectFrom,
} from "./privacy";
import {
  acceptInvitation,
  changeStaffAccess,
  disableStaffById,
  inviteStaff,
  openInvitation,
  staffOverview,
} from "./staff-management";
import {
  findStaffById,
  hasActiveStaff,
  sessionStillGrants,
  StaffAccountError,
  type StaffMember,
} from "./staff-accounts";
import { clientAddressHeader, type StaffAuth } from "./staff-auth";
import { countPasswordCheck } from "./sign-in-limit";
import { acceptStepOnce } from "./totp-steps";
import {
  addClosedDay,
  removeClosedDay,
  saveWindowCapacities,
  windowSettings,
  type ClosedDay,
  type ClosedDayOutcome,
  type WindowSettings,
  type WindowSettingsOutcome,
} from "./window-settings";

export type SignInOutcome =
  | { ok: true; headers: Headers; needsCode?: false }
  /** The password was right; the authenticator app's code comes next (headers: its cookie). */
  | { ok: true; headers: Headers; needsCode: true }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export interface PrivacySummary {
  serviceRequests: number;
  contactMessages: number;
  subscriptions: number;
  emails: number;
  notes: number;
}

export type StatusCounts = Record<LeadStatus, number>;

export interface SignedIn {
  staff: StaffMember;
  /** The better-auth session the request's cookie names: its live streams end with it. */
  sessionId: string;
  /** A refreshed session cookie to send back, when better-auth moved the expiry. */
  headers: Headers;
}

/** The office desk as route loaders and actions reach it (the load context's `desk`). */
export interface Desk {
  hasActiveStaff(): Promise<boolean>;
  signIn(attempt: {
    email: string;
    password: string;
    address: string;
    userAgent: string | null;
  }): Promise<SignInOutcome>;
  /**
   * Counts a check of the signed-in person's current password (the account page) in the sign-in
   * limit, before it is made: past it, wait `retryAfterSeconds` and show `message`.
   */
  countPasswordCheck(
    staff: StaffMember,
    address: string,
  ): Promise<{ retryAfterSeconds: number; message: string; passed(): Promise<void> }>;
  /** The signed-in staff member of this request, or null (no session, expired, disabled). */
  signedIn(request: Request): Promise<SignedIn | null>;
  /**
   * Changes the signed-in person's password and ends their other sessions; the headers carry
   * this browser's new session cookie. Null when the current password is wrong.
   */
  changePassword(
    request: Request,
    currentPassword: string,
    newPassword: string,
  ): Promise<Headers | null>;
  /**
   * An authenticator code: the second step of a sign-in, or the first code that turns the app on.
   * The headers carry the (new) session; null for a wrong code.
   */
  verifyCode(request: Request, code: string): Promise<Headers | null>;
  /** Starts turning the authenticator on: its setup link (otpauth://…) and backup codes. */
  startTwoFactor(
    request: Request,
    password: string,
  ): Promise<{ totpURI: string; backupCodes: string[]; headers: Headers } | null>;
  stopTwoFactor(request: Request, password: string): Promise<Headers | null>;
  /** Ends the session on the server; the headers clear the cookie. */
  signOut(request: Request): Promise<Headers>;
  /** A page of the person's offices' leads, newest first, with the counts per status. */
  inbox(staff: StaffMember, filters: InboxFilters): Promise<InboxPage & { counts: StatusCounts }>;
  /** Every lead the filters find, as CSV a spreadsheet opens safely. */
  exportCsv(staff: StaffMember, filters: InboxFilters): Promise<string>;
  lead(staff: StaffMember, id: string): Promise<LeadView | null>;
  changeStatus(staff: StaffMember, id: string, change: StatusChange): Promise<LeadChangeOutcome>;
  addNote(staff: StaffMember, id: string, note: string): Promise<LeadChangeOutcome>;
  sendEmailAgain(staff: StaffMember, id: string, emailId: string): Promise<LeadChangeOutcome>;
  /** A photo a homeowner added to a request of the person's offices, or null. */
  leadPhoto(
    staff: StaffMember,
    leadId: string,
    photoId: string,
  ): Promise<{ contentType: string; data: Buffer } | null>;
  subscribers(
    staff: StaffMember,
    options: { page: number; search: string },
  ): Promise<SubscribersPage>;
  /** False when no subscribed subscriber of the person's offices has that id. */
  unsubscribe(staff: StaffMember, subscriberId: string): Promise<boolean>;
  subscribersCsv(staff: StaffMember): Promise<string>;
  /** Owners only (the routes check): every account and the invitations still open. */
  staffOverview(): Promise<Awaited<ReturnType<typeof staffOverview>>>;
  /** Each answers null when done, or the reason it was refused. */
  invite(owner: StaffMember, invitation: z.output<typeof invitationSchema>): Promise<string | null>;
  changeAccess(id: string, access: z.output<typeof staffAccessSchema>): Promise<string | null>;
  disableStaff(id: string): Promise<string | null>;
  /** The invited person's name and email, while the link can be used; else null. */
  openInvitation(token: string): Promise<{ name: string; email: string } | null>;
  /** Creates the invited account and signs it in; null when the link cannot be used. */
  acceptInvitation(
    token: string,
    password: string,
    visitor: { address: string; userAgent: string | null },
  ): Promise<SignInOutcome | null>;
  /** Owners only (the routes check). Null when the text is neither an email nor a US phone. */
  privacyFind(typed: string): Promise<PrivacySummary | null>;
  privacyExport(owner: StaffMember, typed: string): Promise<string | null>;
  /** How many records were erased; null for an unreadable email or phone. */
  privacyErase(owner: StaffMember, typed: string): Promise<number | null>;
  /**
   * A Server-Sent Events stream that says "lead" when one of the person's offices gets one; it
   * ends with the session or a change of the person's access (429 past a few per session).
   */
  events(signedIn: SignedIn, signal: AbortSignal): Response;
  /** Owners only: an office's places per window and weekday, and its closed days to come. */
  windowSettings(owner: StaffMember, office: string): Promise<WindowSettings>;
  /** The posted capacities form: stored, or its field errors. */
  saveWindowCapacities(
    owner: StaffMember,
    office: string,
    fields: Record<string, unknown>,
  ): Promise<WindowSettingsOutcome>;
  /** A holiday (date and label); a day already closed takes the new label. */
  addClosedDay(
    owner: StaffMember,
    office: string,
    fields: { date?: unknown; label?: unknown },
  ): Promise<ClosedDayOutcome>;
  /** The day opened again, or null when the office had no such closed day. */
  removeClosedDay(owner: StaffMember, office: string, date: string): Promise<ClosedDay | null>;
}

/** Only the cookie of a request goes to better-auth: the desk decides every other matter. */
function cookieOnly(request: Request) {
  return new Headers({ cookie: request.headers.get("cookie") ?? "" });
}

/** better-auth's refusals (a wrong code or password) as null; its failures still throw. */
async function refusedAsNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return null;
    throw error;
  }
}

/** A staff change's refusal (its message is for people), or null when it was done. */
async function refusal(work: Promise<void>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof StaffAccountError) return error.message;
    throw error;
  }
}

function minutes(seconds: number) {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? "" : "s"}`;
}

function tooManyAttempts(retryAfterSeconds: number) {
  return {
    ok: false as const,
    status: 429 as const,
    retryAfterSeconds,
    message: `Too many sign-in attempts. Try again in ${minutes(retryAfterSeconds)}.`,
  };
}

export function createDesk({
  db,
  auth,
  live,
  config,
  visits,
}: {
  db: Database;
  auth: StaffAuth;
  live: LiveInbox;
  config: ServerConfig;
  /** What a change to a visit needs: its calendar emails and reminder. */
  visits: VisitContext;
}): Desk {
  const desk: Desk = {
    staffOverview: () => staffOverview(db),
    async privacyFind(typed) {
      const subject = privacySubjectFrom(typed);
      if (!subject) return null;
      const records = await findPrivacyRecords(db, subject);
      return {
        serviceRequests: records.requests.length,
        contactMessages: records.messages.length,
        subscriptions: records.subscribers.length,
        emails: records.emails.length,
        notes: records.notes.length,
      };
    },
    async privacyExport(owner, typed) {
      const subject = privacySubjectFrom(typed);
      return subject ? exportPrivacyRecords(db, owner, subject) : null;
    },
    async privacyErase(owner, typed) {
      const subject = privacySubjectFrom(typed);
      return subject ? erasePrivacyRecords(db, owner, subject) : null;
    },
    invite: (owner, invitation) => refusal(inviteStaff(db, config, owner, invitation)),
    changeAccess: (id, access) => refusal(changeStaffAccess(db, id, access)),
    disableStaff: (id) => refusal(disableStaffById(db, id)),
    async openInvitation(token) {
      const invitation = await openInvitation(db, token);
      return invitation ? { name: invitation.name, email: invitation.email } : null;
    },
    async acceptInvitation(token, password, visitor) {
      const member = await acceptInvitation(db, auth, token, password);
      if (!member) return null;
      return desk.signIn({ email: member.email, password, ...visitor });
    },
    events: ({ staff, sessionId }, signal) =>
      live.stream(
        {
          staffId: staff.id,
          sessionId,
          offices: staff.offices,
          stillGranted: () => sessionStillGrants(db, sessionId, staff),
        },
        signal,
      ),
    lead: (staff, id) => leadView(db, staff, id),
    subscribers: (staff, options) => subscribersPage(db, staff, options),
    unsubscribe: (staff, id) => unsubscribeSubscriber(db, staff, id),
    subscribersCsv: (staff) => subscribersCsv(db, staff),
    changeStatus: (staff, id, change) => changeLeadStatus(db, staff, id, change, visits),
    leadPhoto: (staff, leadId, photoId) =>
      uuidPattern.test(leadId) && uuidPattern.test(photoId)
        ? photoBytes(db, leadId, photoId, staff.offices)
        : Promise.resolve(null),
    addNote: (staff, id, note) => addLeadNote(db, staff, id, note),
    sendEmailAgain: (staff, id, emailId) => sendEmailAgain(db, staff, id, emailId),

    hasActiveStaff: () => hasActiveStaff(db),

    async signIn({ email, password, address, userAgent }) {
      const attempt = await countPasswordCheck(db, { email, address });
      if (attempt.retryAfterSeconds > 0) return tooManyAttempts(attempt.retryAfterSeconds);
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: new Headers({
            [clientAddressHeader]: address,
            ...(userAgent ? { "user-agent": userAgent.slice(0, 500) } : {}),
          }),
          returnHeaders: true,
        });
        await attempt.passed();
        if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
          return { ok: true, headers, needsCode: true };
        }
        return { ok: true, headers };
      } catch (error) {
        // Unknown email, wrong password, a disabled account: one answer for all of them.
        if (!isAPIError(error) || error.statusCode >= 500) throw error;
        return { ok: false, status: 401, message: signInFailedMessage };
      }
    },

    countPasswordCheck: (staff, address) =>
      countPasswordCheck(db, { email: staff.email, address }).then((attempt) => ({
        retryAfterSeconds: attempt.retryAfterSeconds,
        message: tooManyAttempts(attempt.retryAfterSeconds).message,
        passed: () => attempt.passed(),
      })),

    async signedIn(request) {
      const { response, headers } = await auth.api.getSession({
        headers: cookieOnly(request),
        returnHeaders: true,
      });
      if (!response) return null;
      const staff = await findStaffById(db, response.user.id);
      if (!staff || staff.disabledAt) return null;
      return { staff, sessionId: response.session.id, headers };
    },

    async changePassword(request, currentPassword, newPassword) {
      try {
        const { headers } = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: cookieOnly(request),
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        if (isAPIError(error) && error.statusCode < 500) return null;
        throw error;
      }
    },

    async verifyCode(request, code) {
      if (!/^\d{6}$/.test(code)) return null;
      // The second step of a sign-in (no session yet), or the first code of a signed-in person.
      const signingIn = !(await auth.api.getSession({ headers: cookieOnly(request) }));
      return refusedAsNull(async () => {
        const { headers, response } = await auth.api.verifyTOTP({
          body: { code },
          headers: cookieOnly(request),
          returnHeaders: true,
        });
        // A code works once (RFC 6238 section 5.2): a replay's new session is ended at once.
        const accepted = await acceptStepOnce(db, {
          authSecret: (await auth.$context).secret,
          userId: response.user.id,
          code,
          sessionToken: signingIn ? response.token : null,
        });
        return accepted ? headers : null;
      });
    },

    async startTwoFactor(request, password) {
      return refusedAsNull(async () => {
        const { headers, response } = await auth.api.enableTwoFactor({
          body: { password, method: "totp" },
          headers: cookieOnly(request),
          returnHeaders: true,
        });
        if (response.method !== "totp") throw new Error("Asked for an authenticator app's setup");
        return { totpURI: response.totpURI, backupCodes: response.backupCodes, headers };
      });
    },

    async stopTwoFactor(request, password) {
      return refusedAsNull(async () => {
        const { headers } = await auth.api.disableTwoFactor({
          body: { password },
          headers: cookieOnly(request),
          returnHeaders: true,
        });
        return headers;
      });
    },

    async signOut(request) {
      try {
        const { headers } = await auth.api.signOut({
          headers: cookieOnly(request),
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        // No session to end: nothing to clear either.
        if (isAPIError(error) && error.statusCode < 500) return new Headers();
        throw error;
      }
    },

    inbox: (staff, filters) => inboxPage(db, staff, filters),

    async exportCsv(staff, filters) {
      const rows = await exportRows(db, staff, filters);
      return toCsv(
        [
          "Received (UTC)",
          "Type",
          "Status",
          "Office",
          "Name",
          "Email",
          "Phone",
          "Appliance or subject",
          "Requested date",
          "Requested window",
          "Address",
          "ZIP code",
          "Problem or message",
        ],
        rows.map((row) => [
          row.createdAt.toISOString(),
          row.kind === "service-request" ? "Service request" : "Message",
          leadStatusLabels[row.status],
          row.office,
          row.name,
          row.email,
          row.phone,
          row.topic,
          row.preferredDate ?? "",
          row.preferredTime,
          row.address,
          row.zipCode,
          row.details,
        ]),
      );
    },

    windowSettings: (owner, office) => windowSettings(db, owner, office, config.WINDOW_CAPACITY),
    saveWindowCapacities: (owner, office, fields) =>
      saveWindowCapacities(db, owner, office, fields),
    addClosedDay: (owner, office, fields) => addClosedDay(db, owner, office, fields),
    removeClosedDay: (owner, office, date) => removeClosedDay(db, owner, office, date),
  };
  return desk;
}
