/**
 * The provider's webhooks: `POST /api/sms/inbound` (a homeowner's reply: STOP, START, HELP) and
 * `POST /api/sms/status` (a text's delivery). Each is signed as Twilio signs them
 * (`X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL followed
 * by every form field's name and value, sorted by name); a missing or wrong signature is a 403
 * and changes nothing. Without a configured auth token nothing can be verified: 404.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

import { and, desc, eq, gte, inArray, like, sql } from "drizzle-orm";
import express, { Router } from "express";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";

import type { Database } from "../db/database";
import { inboundTexts, serviceRequests, textOptOuts, texts } from "../db/schema";
import { textBodies } from "./messages";
import { e164Of } from "./phone-numbers";
import { providerStatusOf } from "./text-worker";

/**
 * Opt out of every text: the CTIA's words, and the Spanish ones (issue 39), as a number texts them
 * (accents and spaces dropped: "NO MÁS" is NOMAS).
 */
export const stopKeywords = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "OPTOUT",
  "REVOKE",
  "PARAR",
  "ALTO",
  "DETENER",
  "CANCELAR",
  "BAJA",
  "FIN",
  "NOMAS",
];
export const startKeywords = ["START", "UNSTOP", "YES"];
export const helpKeywords = ["HELP", "INFO", "AYUDA"];

/** Replies to one number in a day at most: a number texting HELP in a loop costs us nothing more. */
const repliesPerDay = 5;

export function twilioSignature(authToken: string, url: string, fields: Record<string, string>) {
  const data = Object.keys(fields)
    .sort()
    .reduce((joined, name) => joined + name + fields[name], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

function signatureMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The form's fields as strings; null for a field sent twice (Twilio signs every value, and
 * a second value added to a signed request must not pass as the first).
 */
function fieldsOf(body: unknown): Record<string, string> | null {
  if (typeof body !== "object" || body === null) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== "string") return null;
    fields[name] = value;
  }
  return fields;
}

export interface TextWebhookOptions {
  db: Database;
  siteUrl: string;
  authToken: string | undefined;
  /** A reply was written: send it now. */
  onReply: () => void;
}

export function createTextWebhooks({ db, siteUrl, authToken, onReply }: TextWebhookOptions) {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 });

  const verified: express.RequestHandler = (req, res, next) => {
    if (!authToken) {
      res.status(404).type("text/plain").send("Texts are not set up");
      return;
    }
    const fields = fieldsOf(req.body ?? {});
    const url = `${siteUrl}${req.originalUrl}`;
    if (
      !fields ||
      !signatureMatches(twilioSignature(authToken, url, fields), req.get("x-twilio-signature"))
    ) {
      res.status(403).type("text/plain").send("The signature does not match");
      return;
    }
    res.locals.fields = fields;
    next();
  };

  router.post("/sms/inbound", form, verified, async (_req, res, next) => {
    try {
      const fields = res.locals.fields as Record<string, string>;
      // The signature covers every field, so a captured request cannot lose its id; one signed
      // without an id was made by whoever holds the token, and is acted on as it is.
      const messageSid = (fields.MessageSid ?? fields.SmsSid ?? "").slice(0, 64) || null;
      const from = e164Of(fields.From ?? "") ?? (fields.From ?? "").slice(0, 20);
      const word = (fields.Body ?? "")
        .trim()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toUpperCase()
        .replace(/[^A-Z]/g, "");
      if (from !== "") {
        const wrote = await answerKeyword(db, { from, word, messageSid });
        if (wrote) onReply();
      }
      // The reply goes through our own sender (recorded, retried); the webhook answers nothing.
      res.type("text/xml").send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    } catch (error) {
      next(error);
    }
  });

  router.post("/sms/status", form, verified, async (req, res, next) => {
    try {
      const fields = res.locals.fields as Record<string, string>;
      const status = providerStatusOf(fields.MessageStatus ?? fields.SmsStatus ?? "");
      const textId = typeof req.query.text === "string" ? req.query.text : "";
      const providerId = fields.MessageSid ?? fields.SmsSid ?? "";
      if (status && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(textId))
        await recordDelivery(db, textId, providerId, status);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** Where each state comes in a text's life: a late callback never moves it back. */
const progress: Record<string, number> = {
  pending: 0,
  sending: 0,
  unknown: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  cancelled: 3,
  held: 3,
  dead: 3,
};

async function recordDelivery(
  db: Database,
  textId: string,
  providerId: string,
  status: NonNullable<ReturnType<typeof providerStatusOf>>,
) {
  const [row] = await db.select().from(texts).where(eq(texts.id, textId));
  if (!row) return;
  // A callback for another message than the one we know is not this text's.
  if (row.providerId && providerId && row.providerId !== providerId) return;
  if ((progress[status] ?? 0) <= (progress[row.status] ?? 0)) return;
  await db
    .update(texts)
    .set({
      status,
      ...(row.providerId || !providerId ? {} : { providerId: providerId.slice(0, 64) }),
    })
    .where(eq(texts.id, textId));
}

/** The office of the number's latest request: its name and phone sign the reply. */
async function officeOfNumber(db: Database, phone: string) {
  const [latest] = await db
    .select({
      id: serviceRequests.id,
      office: serviceRequests.office,
      language: serviceRequests.language,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.textConsentPhone, phone))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1);
  return {
    requestId: latest?.id ?? null,
    office: (latest?.office ?? "texas") as StateSlug,
    // The reply is in the language of the number's last request (issue 39).
    language: latest?.language ?? "en",
  };
}

/**
 * STOP, START or HELP from `from`: records it and writes the one reply; true when it wrote one.
 * Once per MessageSid: the provider's retry, or a captured request replayed, changes nothing.
 */
async function answerKeyword(
  db: Database,
  { from: phone, word, messageSid }: { from: string; word: string; messageSid: string | null },
): Promise<boolean> {
  const kind = stopKeywords.includes(word)
    ? "stop"
    : startKeywords.includes(word)
      ? "start"
      : helpKeywords.includes(word)
        ? "help"
        : null;
  if (!kind) return false;
  const { requestId, office, language } = await officeOfNumber(db, phone);
  const profile = profileForState(office);
  return db.transaction(async (tx) => {
    if (messageSid !== null) {
      const [first] = await tx
        .insert(inboundTexts)
        .values({ messageSid })
        .onConflictDoNothing()
        .returning();
      if (!first) return false;
    }
    let body: string | null = null;
    if (kind === "stop") {
      const [fresh] = await tx
        .insert(textOptOuts)
        .values({ phone, keyword: word })
        .onConflictDoNothing()
        .returning();
      // Once: a second STOP gets no answer (nothing is sent after the confirmation).
      if (fresh) body = textBodies.stopped(profile, language);
      await tx
        .update(texts)
        .set({ status: "cancelled", lastError: `The number replied ${word}` })
        .where(
          and(
            eq(texts.to, phone),
            eq(texts.status, "pending"),
            sql`${texts.kind} not like 'text.reply.%'`,
          ),
        );
    } else if (kind === "start") {
      const removed = await tx.delete(textOptOuts).where(eq(textOptOuts.phone, phone)).returning();
      if (removed.length > 0) body = textBodies.started(profile, language);
    } else {
      body = textBodies.help(profile, language);
    }
    if (!body) return false;
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(texts)
      .where(
        and(
          eq(texts.to, phone),
          like(texts.kind, "text.reply.%"),
          gte(texts.createdAt, sql`now() - interval '1 day'`),
          inArray(texts.status, ["pending", "sending", "queued", "sent", "delivered", "unknown"]),
        ),
      );
    if ((recent?.count ?? 0) >= repliesPerDay) return false;
    await tx.insert(texts).values({
      id: randomUUID(),
      requestId,
      kind: `text.reply.${kind}`,
      to: phone,
      body,
      office,
    });
    return true;
  });
}
