import { expect } from "vitest";

import type { ReceivedEmail } from "./smtp";

export const texasEmail = "texas@easyappliancerepair.com";
export const newJerseyEmail = "newjersey@easyappliancerepair.com";

/**
 * Exchanges 200-999 with every line: 8 million numbers. Counting on from a random start keeps this
 * process's numbers apart from each other for certain (a random pick each time met an earlier one
 * about once in 230 runs of 250 numbers), and from another process's unless the two starts fall
 * within a run's length of each other.
 */
const phoneNumbers = 8_000_000;
let nextPhoneNumber = Math.floor(Math.random() * phoneNumbers);

/**
 * A phone number no other request of the run has: the same phone and appliance again within a
 * day would update the first request instead of storing a new one.
 */
export function uniquePhone(): string {
  const number = nextPhoneNumber;
  nextPhoneNumber = (nextPhoneNumber + 1) % phoneNumbers;
  const exchange = 200 + Math.floor(number / 10_000);
  return `(713) ${exchange}-${String(number % 10_000).padStart(4, "0")}`;
}

export function serviceRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    selectedAppliance: "refrigerator",
    name: "Jane Doe",
    email: "jane.doe@example.com",
    phone: uniquePhone(),
    address: "1200 Main St, Houston, TX",
    zipCode: "77002",
    preferredDate: "2031-07-15",
    preferredTime: "morning",
    description: "Not cooling since Monday",
    brand: "LG",
    model: "LRMVS3006S",
    serialNumber: "SN-42",
    notes: "Gate code 1234",
    companyEmail: texasEmail,
    website: "",
    ...overrides,
  };
}

export function contactMessage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "John",
    lastName: "Smith",
    email: "john.smith@example.com",
    phone: "(908) 555-0199",
    subject: "Warranty question",
    message: "Is the repair covered for 90 days?",
    companyEmail: newJerseyEmail,
    website: "",
    ...overrides,
  };
}

export interface FailureBody {
  success: false;
  error?: string;
  errors?: Record<string, string[]>;
}

export interface SuccessBody {
  success: true;
  id: string;
}

export async function expectFieldErrors(
  response: Response,
  errors: Record<string, string[]>,
): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ success: false, errors });
}

export async function expectCreated(response: Response): Promise<SuccessBody> {
  const body = (await response.json()) as SuccessBody;
  expect(response.status, JSON.stringify(body)).toBe(201);
  const { requestUrl, reference, ...rest } = body as SuccessBody & {
    requestUrl?: string;
    reference?: string;
  };
  expect(rest).toEqual({ success: true, id: expect.any(String) });
  // A service request's answer carries its private page and its reference; nothing else does.
  expect(reference === undefined).toBe(requestUrl === undefined);
  if (requestUrl !== undefined) expect(requestUrl).toMatch(/\/requests\/[A-Za-z0-9_-]{43}$/);
  if (reference !== undefined) expect(reference).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{4,8}$/);
  return body;
}

/** The emails whose Message-ID mentions `id` (the lead's). */
export function emailsAbout(received: readonly ReceivedEmail[], id: string): ReceivedEmail[] {
  return received.filter((email) => email.parsed.messageId?.includes(id));
}

/** The raw header block, as the SMTP server received it. */
export function headerBlock(email: ReceivedEmail): string {
  return email.raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
}

/** One header's value as received, unfolded. */
export function headerValue(email: ReceivedEmail, name: string): string {
  const lines = headerBlock(email).split(/\r?\n(?![ \t])/);
  const line = lines.find((candidate) =>
    candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`),
  );
  return (line?.slice(name.length + 1) ?? "").replace(/\r?\n[ \t]+/g, " ").trim();
}

export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
