/**
 * What the journeys of a job in the field share, step by step: an owner and a technician of Texas
 * (Alex, with a surname of their own), a homeowner's request as the site sends it, the visit
 * booked on the lead page for today with Alex, and Alex's phone signed in on My day.
 * `jobAtArrived` takes all the steps and taps On my way and Arrived: the journeys about what comes
 * after the arrival (the estimate, Done, Needs a part, Can't fix) start from there; a journey
 * about the card itself takes the steps it needs. The estimate most of them write is here too.
 */
import { randomUUID } from "node:crypto";

import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";

import type { TimeSlotId } from "~/domain/time-slots";

import { serviceRequest } from "../../server/test-support/fixtures";
import type { ExtraServer } from "./extra-server";
import { requestedDay, staffEmail, staffPassword, todayInTexas } from "./field";
import { expect } from "./fixtures";
import { expectConfirmed, uniqueName } from "./leads";
import { hydrated } from "./my-day";
import { signIn, staffCommand } from "./staff";

export interface Crew {
  owner: string;
  technician: string;
  /** "Alex Rivera 3f9a1c": the surname tells this journey's Alex from the others on the server. */
  technicianName: string;
}

/** An owner (Olive Owner) and a technician of Texas called Alex Rivera, made with the command. */
export async function newCrew(server: Pick<ExtraServer, "dataDir">): Promise<Crew> {
  const owner = staffEmail("owner");
  const technician = staffEmail("alex");
  const technicianName = `Alex Rivera ${randomUUID().slice(0, 6)}`;
  for (const [email, args] of [
    [owner, ["--role", "owner", "--name", "Olive Owner"]],
    [technician, ["--role", "technician", "--office", "texas", "--name", technicianName]],
  ] as const) {
    const added = await staffCommand(["add", email, ...args], staffPassword, server.dataDir);
    expect(added.stderr).toBe("");
  }
  return { owner, technician, technicianName };
}

export interface HomeownerJob {
  id: string;
  /** A name no other journey uses ("Maria Tester1a2b3c"): the card's and the lead's name. */
  name: string;
  email: string;
  /** The private page's path, "/requests/{token}". */
  privateUrl: string;
  /** The lead page's path, "/office/leads/{id}". */
  leadPath: string;
  /** The address the homeowner books and answers from (X-Forwarded-For), when the journey set one. */
  clientAddress?: string;
}

/** A request's details for the journeys about the estimate: a Samsung dryer that does not heat. */
export const dryerThatDoesNotHeat = {
  selectedAppliance: "dryer",
  brand: "Samsung",
  model: "DVG45R6100C",
  description: "Runs but does not heat",
} as const;

export interface RequestToBook {
  /** The homeowner's first name: the rest of the name is made unique. */
  firstName: string;
  /** What the form sends besides the name and email (the request fixture's for the rest). */
  details?: Record<string, unknown>;
  /** Sent as X-Forwarded-For: the private page's daily budgets are per address. */
  clientAddress?: string;
}

/** A homeowner's request to Texas, as the site sends it, asked for a few days ahead in the morning. */
export async function bookRequest(
  request: APIRequestContext,
  { firstName, details = {}, clientAddress }: RequestToBook,
): Promise<HomeownerJob> {
  const name = uniqueName(firstName);
  const email = staffEmail(firstName.toLowerCase());
  const booked = await request.post("/api/send-email", {
    headers: clientAddress ? { "X-Forwarded-For": clientAddress } : {},
    data: serviceRequest({
      name,
      email,
      preferredDate: requestedDay(),
      preferredTime: "morning",
      ...details,
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
  return {
    id,
    name,
    email,
    privateUrl: new URL(requestUrl).pathname,
    leadPath: `/office/leads/${id}`,
    ...(clientAddress ? { clientAddress } : {}),
  };
}

/**
 * On the lead page open on `page` (the owner's), the visit booked for today in `window` with the
 * technician: the booking form found by its fields' names (its words are the lead page's own
 * business), its POST answered, the visit confirmed with them and the lead scheduled.
 */
export async function confirmVisitToday(page: Page, technicianName: string, window: TimeSlotId) {
  await expect(page).toHaveURL(/\/office\/leads\/[^/?#]+$/);
  const leadPath = new URL(page.url()).pathname;
  const booking = page.locator('form:has(input[name="intent"][value="confirm-visit"])');
  await booking.locator('input[name="scheduledDate"]').fill(todayInTexas());
  await booking.locator('select[name="scheduledWindow"]').selectOption(window);
  await booking.locator('select[name="technicianId"]').selectOption({ label: technicianName });
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes(leadPath),
  );
  await booking.getByRole("button").last().click();
  expect((await answered).status()).toBeLessThan(400);
  await expectConfirmed(page, technicianName);
  await expect(page.getByText("Status: Scheduled")).toBeVisible();
}

/**
 * The technician's phone (375 px, a context of its own on `origin`) signed in on My day. No
 * service worker: only the offline journeys need one (see field.spec.ts).
 */
export async function technicianOnPhone(
  browser: Browser,
  origin: string,
  email: string,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 740 },
    serviceWorkers: "block",
    javaScriptEnabled: javaScript,
  });
  const phone = await context.newPage();
  await phone.goto("/office/sign-in");
  if (javaScript) await hydrated(phone);
  await phone.getByRole("textbox", { name: "Email" }).fill(email);
  await phone.getByLabel("Password").fill(staffPassword);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  if (javaScript) await hydrated(phone);
  return { context, phone };
}

export interface JobAtArrived {
  crew: Crew;
  job: HomeownerJob;
  /** The technician's phone on My day; the caller closes `phoneContext`. */
  phone: Page;
  phoneContext: BrowserContext;
  /** The visit's card on My day, Arrived. */
  card: Locator;
}

/**
 * A job with the technician at Arrived: the crew (a new one, its owner signed in on `page`, unless
 * `crew` is given with its owner signed in already), the homeowner's request, the visit booked for
 * today in `window` with Alex, and on Alex's phone On my way, then Arrived.
 */
export async function jobAtArrived(
  {
    page,
    browser,
    request,
    server,
  }: {
    page: Page;
    browser: Browser;
    request: APIRequestContext;
    server: Pick<ExtraServer, "origin" | "dataDir">;
  },
  { crew, window, ...homeowner }: RequestToBook & { crew?: Crew; window: TimeSlotId },
): Promise<JobAtArrived> {
  let working = crew;
  if (!working) {
    working = await newCrew(server);
    await signIn(page, working.owner, staffPassword);
  }
  const job = await bookRequest(request, homeowner);
  await page.goto(job.leadPath);
  await confirmVisitToday(page, working.technicianName, window);
  const { context, phone } = await technicianOnPhone(browser, server.origin, working.technician);
  try {
    const card = phone.getByRole("article", { name: job.name });
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
    return { crew: working, job, phone, phoneContext: context, card };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The estimate in lines on the phone, the technician there: the igniter and its labour, $245.00. */
export async function writeIgniterEstimate(card: Locator) {
  await card.locator("summary", { hasText: "Write the estimate" }).click();
  await card.getByLabel("Line 1 kind").selectOption("part");
  await card.getByLabel("Line 1 description").fill("Igniter DC97-14486A");
  await card.getByLabel("Line 1 amount ($)").fill("145");
  await card.getByLabel("Line 2 kind").selectOption("labour");
  await card.getByLabel("Line 2 description").fill("Replace the igniter and test two cycles");
  await card.getByLabel("Line 2 amount ($)").fill("100");
  await card.getByRole("button", { name: "Save the estimate" }).click();
  await expect(card.getByText("$245.00").first()).toBeVisible();
}
