import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";

import { serviceRequest } from "../../server/test-support/fixtures";
import type { startExtraServer } from "./extra-server";
import { requestedDay, staffEmail, staffPassword, todayInTexas } from "./field";
import { expect } from "./fixtures";
import { expectConfirmed, uniqueName } from "./leads";
import { signIn, staffCommand } from "./staff";

/**
 * What the journeys of My day on a phone share: a visit of today assigned to a technician of
 * their own, the phone signed in, the day kept by the service worker, and what the phone's
 * Cache Storage and worker registrations hold.
 */
type Server = Awaited<ReturnType<typeof startExtraServer>>;

export interface VisitOfToday {
  id: string;
  /** The homeowner's name and street address: what must not outlive the session. */
  name: string;
  address: string;
  owner: string;
  technician: string;
}

/** An owner and a technician of Texas, and a request the owner confirms to the technician today. */
export async function visitOfToday(
  server: Server,
  page: Page,
  request: APIRequestContext,
): Promise<VisitOfToday> {
  const owner = staffEmail("owner");
  const technician = staffEmail("tina");
  const technicianName = uniqueName("Tina");
  for (const args of [
    ["add", owner, "--role", "owner", "--name", "Olive Owner"],
    ["add", technician, "--role", "technician", "--office", "texas", "--name", technicianName],
  ]) {
    const added = await staffCommand(args, staffPassword, server.dataDir);
    expect(added.stderr).toBe("");
  }
  const name = uniqueName("Omar");
  const address = `${Math.floor(1000 + Math.random() * 8000)} Cedar Hollow Ln, Houston, TX`;
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name,
      address,
      preferredDate: requestedDay(),
      preferredTime: "morning",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  await signIn(page, owner, staffPassword);
  await page.goto(`/office/leads/${id}`);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Assign to").selectOption({ label: technicianName });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expectConfirmed(page, technicianName);
  return { id, name, address, owner, technician };
}

export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The technician signs in on the phone's sign-in page and lands on My day. */
export async function signInOnPhone(phone: Page, email: string, password = staffPassword) {
  await phone.goto("/office/sign-in");
  await hydrated(phone);
  await phone.getByRole("textbox", { name: "Email" }).fill(email);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone).toHaveURL(/\/office\/day$/);
  await hydrated(phone);
}

/** A phone (375 px, a context of its own) with the technician signed in on My day. */
export async function phoneOnMyDay(browser: Browser, origin: string, email: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 740 },
  });
  const phone = await context.newPage();
  await signInOnPhone(phone, email);
  return { context, phone };
}

/**
 * Waits until My day's worker is active. (Not `navigator.serviceWorker.ready`: it matches the
 * scope against the address the document was loaded at, the sign-in page when the technician
 * signed in on it, and never settles there.)
 */
export async function workerActive(phone: Page) {
  await expect
    .poll(() =>
      phone.evaluate(
        async () => (await navigator.serviceWorker.getRegistration("/office/day"))?.active?.state,
      ),
    )
    .toBe("activated");
}

/** Each cache of the phone's Cache Storage for this site, with the addresses it holds. */
export function cacheStorage(phone: Page): Promise<{ cache: string; urls: string[] }[]> {
  return phone.evaluate(async () =>
    Promise.all(
      (await caches.keys()).map(async (cache) => ({
        cache,
        urls: (await (await caches.open(cache)).keys()).map((kept) => kept.url),
      })),
    ),
  );
}

/** The scopes of the service workers registered for this site on the phone. */
export function workerScopes(phone: Page): Promise<string[]> {
  return phone.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
  );
}

/** The copy of My day the phone keeps for offline use (its HTML), or null. */
export function keptMyDay(phone: Page): Promise<string | null> {
  return phone.evaluate(async () => (await (await caches.match("/office/day"))?.text()) ?? null);
}

/**
 * My day kept for offline use: loaded once more under the worker, so that it keeps the page, and
 * the copy holds the visit.
 */
export async function keepMyDay(phone: Page, visit: Pick<VisitOfToday, "name" | "address">) {
  await workerActive(phone);
  await phone.reload();
  await hydrated(phone);
  const kept = await keptMyDay(phone);
  expect(kept).toContain(visit.name);
  expect(kept).toContain(visit.address.split(",")[0]);
}

/**
 * My day asked for without a signal: it either fails (no worker, nothing kept) or shows what the
 * worker kept. Answers the text the phone then shows.
 */
export async function myDayOffline(context: BrowserContext, phone: Page): Promise<string> {
  await context.setOffline(true);
  try {
    await phone.goto("/office/day");
  } catch {
    // net::ERR_INTERNET_DISCONNECTED: the browser's own page, nothing of the day.
  }
  return phone.locator("body").innerText();
}
