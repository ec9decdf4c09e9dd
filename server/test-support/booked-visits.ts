/**
 * A request a homeowner sent from the website and the office booked with a technician: what the
 * field's tests start from. Through the public API and the lead page's booking form, as people do.
 */
import { randomUUID } from "node:crypto";

import { expect } from "vitest";

import type { DeskAnswer, DeskAsk } from "./desk-client";
import { serviceRequest, uniquePhone } from "./fixtures";
import type { TestServer } from "./server";

/** A Texas request with an email and texts (consent given), booked on `date`'s evening window. */
export async function bookedVisit(
  server: TestServer,
  ask: (path: string, options?: DeskAsk) => Promise<DeskAnswer>,
  booking: { dispatcher: string; technicianId: string; date: string },
): Promise<{ id: string; email: string; phone: string }> {
  const email = `visit-${randomUUID()}@example.com`;
  const phone = uniquePhone();
  const booked = await server.post(
    "/api/send-email",
    serviceRequest({ email, phone, textConsent: true, preferredDate: "2031-07-16" }),
  );
  expect(booked.status).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  const lead = await ask(`/office/leads/${id}`, { cookie: booking.dispatcher });
  const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
  const saved = await ask(`/office/leads/${id}`, {
    cookie: booking.dispatcher,
    form: {
      intent: "confirm-visit",
      version,
      scheduledDate: booking.date,
      scheduledWindow: "evening",
      technicianId: booking.technicianId,
    },
  });
  expect(saved.status).toBe(200);
  return { id, email, phone };
}
