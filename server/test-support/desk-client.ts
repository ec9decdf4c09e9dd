/**
 * The desk as a server test reaches it: staff added to the test server's database, signed in
 * through the real sign-in form (their session cookie), and pages asked for or posted to as a
 * browser would, each from an address of its own so that no budget is shared by accident.
 */
import { randomUUID } from "node:crypto";

import type { StaffRole } from "../db/schema";
import { addStaff } from "../desk/staff-accounts.server";
import { authSecret, createStaffAuth, type StaffAuth } from "../desk/staff-auth";
import { freshClientIp, testSiteUrl, type TestServer } from "./server";

export const staffPassword = "a long staff password";

export interface DeskAsk {
  cookie?: string;
  /** Posted as a form; without it, a GET. */
  form?: Record<string, string>;
  origin?: string;
  /** The client's address (X-Forwarded-For); a fresh one unless given. */
  ip?: string;
}

export interface DeskAnswer {
  status: number;
  headers: Headers;
  location: string | null;
  /** Without the markers React puts between a text and a value ("Olive Owner<!-- --> ("). */
  body: string;
}

export interface StaffMemberInTest {
  id: string;
  email: string;
  /** The session cookie, as the browser sends it back. */
  cookie: string;
}

/** `server` is read when called: tests start their server in `beforeAll`. */
export function deskClient(server: () => TestServer) {
  let auth: StaffAuth | undefined;

  async function signIn(email: string): Promise<string> {
    const answer = await fetch(`${server().baseUrl}/office/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams({ email, password: staffPassword }),
    });
    if (answer.status !== 302) throw new Error(`Sign-in answered ${answer.status}`);
    return answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  /** A staff member of `offices` (an owner has every office), signed in. */
  async function add(role: StaffRole, name: string, offices: string[]): Promise<StaffMemberInTest> {
    const { db } = server().serverApp.database;
    auth ??= createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
    const email = `${role}-${randomUUID()}@example.com`;
    const member = await addStaff(db, auth, {
      email,
      role,
      offices,
      password: staffPassword,
      name,
    });
    return { id: member.id, email, cookie: await signIn(email) };
  }

  async function ask(path: string, { cookie = "", form, origin, ip }: DeskAsk = {}) {
    const answer = await fetch(`${server().baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie,
        "X-Forwarded-For": ip ?? freshClientIp(),
        ...(origin ? { Origin: origin } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    return {
      status: answer.status,
      headers: answer.headers,
      location: answer.headers.get("location"),
      body: (await answer.text()).replaceAll("<!-- -->", ""),
    } satisfies DeskAnswer;
  }

  return { signIn, add, ask };
}
