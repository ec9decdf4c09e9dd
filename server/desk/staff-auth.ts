import { randomUUID } from "node:crypto";

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "../db/database";
import { serverSecret } from "../db/server-secrets";
import {
  staffAccounts,
  staffSessions,
  staffTwoFactors,
  staffUsers,
  staffVerifications,
} from "../db/schema";

/** The header the desk sets, on the server, to the visitor's address for better-auth. */
export const clientAddressHeader = "x-office-client-address";

/** A signed-in session lasts this long after the last request that used it. */
export const sessionIdleSeconds = 12 * 60 * 60;

/** The session cookie's name: `__Host-` (Secure, Path=/, no Domain) when the site is on https. */
export function sessionCookieName(siteUrl: string) {
  return siteUrl.startsWith("https:") ? "__Host-office_session" : "office_session";
}

/**
 * The secret better-auth signs cookies with: made once, on the first start, and kept in the
 * database so that every server process sharing it signs alike. No configuration needed.
 */
export async function authSecret(db: Database): Promise<string> {
  return serverSecret(db, "staff-auth");
}

export interface StaffAuthOptions {
  db: Database;
  siteUrl: string;
  secret: string;
}

/**
 * Staff accounts and sessions on better-auth: password hashing (scrypt), sessions stored in the
 * database and rotated at sign-in, the session cookie. Nobody can sign up: accounts come from the
 * `staff` command and, later, owners' invitations. Its HTTP endpoints are not mounted: the desk's
 * route actions call it on the server, so the cookie is only ever set by `/office` responses.
 */
export function createStaffAuth({ db, siteUrl, secret }: StaffAuthOptions) {
  const secure = siteUrl.startsWith("https:");
  return betterAuth({
    appName: "Office desk",
    baseURL: siteUrl,
    basePath: "/office/auth",
    secret,
    telemetry: { enabled: false },
    // A refused sign-in is the desk's to count and answer; only better-auth's errors are logged.
    logger: { level: "error" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: staffUsers,
        session: staffSessions,
        account: staffAccounts,
        verification: staffVerifications,
        twoFactor: staffTwoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      autoSignIn: false,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: true, input: false },
      },
    },
    session: {
      expiresIn: sessionIdleSeconds,
      // Every request a minute after the last refresh moves the expiry: 12 hours idle.
      updateAge: 60,
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    // Optional authenticator-app codes: after the password, a code for those who turned it on.
    plugins: [twoFactor({ issuer: "Office desk" })],
    advanced: {
      useSecureCookies: false,
      cookies: {
        session_token: {
          name: sessionCookieName(siteUrl),
          attributes: { secure, sameSite: "lax", httpOnly: true, path: "/" },
        },
      },
      database: { generateId: () => randomUUID() },
      // The desk passes the visitor's address as every other limit reads it (TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account cannot start a session, whatever its password.
          before: async (session) => {
            const [active] = await db
              .select({ id: staffUsers.id })
              .from(staffUsers)
              .where(and(eq(staffUsers.id, session.userId), isNull(staffUsers.disabledAt)));
            return active ? { data: session } : false;
          },
        },
      },
    },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
