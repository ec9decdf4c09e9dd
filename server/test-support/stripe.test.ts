/**
 * The Stripe stand-in, driven only by the official `stripe` package the app uses, so that what
 * the stand-in accepts and answers is what that client sends and understands; its webhook
 * signatures are checked by the package's `constructEvent` and against its own test header.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startStripeStandIn, type StripeStandIn } from "./stripe";

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** A tiny app's webhook endpoint: keeps what it was sent, answers 200. */
async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/stripe`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stripe: Stripe;

function clientWith(secretKey: string): Stripe {
  return new Stripe(secretKey, { host: "127.0.0.1", port: standIn.port, protocol: "http" });
}

function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    success_url: "http://127.0.0.1:9/pay/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://127.0.0.1:9/pay/cancelled",
    client_reference_id: "payment-42",
    customer_email: "pat@example.com",
    line_items: [
      {
        price_data: {
          currency: "usd",
          unit_amount: 24500,
          product_data: { name: "Dryer repair: heating element" },
        },
        quantity: 1,
      },
    ],
    metadata: { payment_id: "42" },
    payment_intent_data: { metadata: { payment_id: "42" } },
    ...overrides,
  };
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  receiver = await startWebhookReceiver();
  standIn.setWebhookUrl(receiver.url);
  stripe = clientWith(standIn.secretKey);
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

describe("the Stripe stand-in, through the official client", () => {
  it("creates a Checkout Session from the client's form-encoded request", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());

    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 24500,
      currency: "usd",
      client_reference_id: "payment-42",
      metadata: { payment_id: "42" },
      success_url: "http://127.0.0.1:9/pay/done?session={CHECKOUT_SESSION_ID}",
      payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.body["line_items[0][price_data][unit_amount]"]).toBe("24500");
    expect(request.body["metadata[payment_id]"]).toBe("42");
    expect(request.stripeVersion).toBe(Stripe.API_VERSION);
    // The client keys every POST itself when not given a key.
    expect(request.idempotencyKey).toMatch(/^stripe-node-retry-/);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.id).toBe(session.id);
  });

  it("replays a repeated idempotency key and refuses it with other parameters", async () => {
    const before = standIn.sessions.length;
    const idempotencyKey = "payment-42-attempt-1";
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });
    const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });

    expect(again.id).toBe(first.id);
    expect(standIn.sessions.length).toBe(before + 1);
    await expect(
      stripe.checkout.sessions.create(sessionParams({ client_reference_id: "payment-43" }), {
        idempotencyKey,
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(standIn.sessions.length).toBe(before + 1);
  });

  it("refuses a key it does not know, and parameters Stripe would refuse", async () => {
    const wrongKey = clientWith("sk_test_not_the_stand_in_key");
    await expect(wrongKey.checkout.sessions.create(sessionParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );

    const missingName = sessionParams({
      line_items: [{ price_data: { currency: "usd", unit_amount: 24500 }, quantity: 1 }],
    });
    await expect(stripe.checkout.sessions.create(missingName)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      param: "line_items[0][price_data][product_data][name]",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("completes a session and delivers checkout.session.completed, signed as Stripe signs", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const receivedBefore = receiver.received.length;

    const event = await standIn.completeSession(session.id);

    expect(receiver.received.length).toBe(receivedBefore + 1);
    const { headers, rawBody } = receiver.received.at(-1)!;
    expect(headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    const verified = stripe.webhooks.constructEvent(
      rawBody,
      headers["stripe-signature"]!,
      standIn.webhookSecret,
    );
    expect(verified.id).toBe(event.id);
    expect(verified.type).toBe("checkout.session.completed");
    if (verified.type !== "checkout.session.completed") throw new Error("unreachable");
    expect(verified.data.object).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      metadata: { payment_id: "42" },
    });
    expect(verified.data.object.payment_intent).toMatch(/^pi_/);

    const tampered = rawBody.replace('"amount_total": 24500', '"amount_total": 100');
    expect(tampered).not.toBe(rawBody);
    expect(() =>
      stripe.webhooks.constructEvent(tampered, headers["stripe-signature"]!, standIn.webhookSecret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      stripe.webhooks.constructEvent(
        rawBody,
        standIn.signatureFor(rawBody, undefined, "whsec_forged"),
        standIn.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it("shows the card's last four on the payment intent, its charge expanded", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await standIn.completeSession(session.id, { deliver: false });
    const paymentIntentId = standIn.sessions.find((s) => s.id === session.id)!.payment_intent!;

    const plain = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(plain.latest_charge).toMatch(/^ch_/);
    const expanded = await stripe.paymentIntents.retrieve(paymentIntentId, {
      expand: ["latest_charge"],
    });
    expect(expanded).toMatchObject({
      object: "payment_intent",
      amount: 24500,
      status: "succeeded",
    });
    const charge = expanded.latest_charge as Stripe.Charge;
    expect(charge.object).toBe("charge");
    expect(charge.payment_method_details?.type).toBe("card");
    expect(charge.payment_method_details?.card?.last4).toBe("4242");
  });

  it("refunds part, refuses more than is left, and delivers charge.refunded", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await standIn.completeSession(session.id, { deliver: false });
    const paymentIntentId = standIn.sessions.find((s) => s.id === session.id)!.payment_intent!;

    const refund = await stripe.refunds.create({
      payment_intent: paymentIntentId,
      amount: 10000,
      reason: "requested_by_customer",
      metadata: { payment_id: "42" },
    });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 10000,
      payment_intent: paymentIntentId,
      status: "succeeded",
      metadata: { payment_id: "42" },
    });
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntentId, amount: 20000 }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "amount_too_large",
      param: "amount",
    });

    await standIn.waitForDeliveries();
    const refunded = receiver.received
      .map(({ headers, rawBody }) =>
        stripe.webhooks.constructEvent(
          rawBody,
          headers["stripe-signature"]!,
          standIn.webhookSecret,
        ),
      )
      .find((event) => event.type === "charge.refunded");
    if (refunded?.type !== "charge.refunded") throw new Error("no charge.refunded delivered");
    expect(refunded.data.object).toMatchObject({
      amount: 24500,
      amount_refunded: 10000,
      refunded: false,
      payment_intent: paymentIntentId,
    });
  });

  it("lists events newest first, the undelivered ones too, a page at a time", async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const session = await stripe.checkout.sessions.create(sessionParams());
    const missed = await standIn.completeSession(session.id, { deliver: false });

    const list = await stripe.events.list({
      type: "checkout.session.completed",
      created: { gte: since },
      limit: 100,
    });
    expect(list.object).toBe("list");
    expect(list.data[0]!.id).toBe(missed.id);
    expect(list.data.every((event) => event.type === "checkout.session.completed")).toBe(true);

    const first = await stripe.events.list({ type: "checkout.session.completed", limit: 1 });
    expect(first.has_more).toBe(true);
    const second = await stripe.events.list({
      type: "checkout.session.completed",
      limit: 1,
      starting_after: first.data[0]!.id,
    });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    expect(second.data[0]!.created).toBeLessThanOrEqual(first.data[0]!.created);
  });

  it("signs exactly as the package's own test header does", () => {
    const payload = JSON.stringify({ id: "evt_test_webhook", object: "event" }, null, 2);
    const secret = "whsec_test_secret";
    const timestamp = 1_492_774_577;

    expect(standIn.signatureFor(payload, timestamp, secret)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it("expires an open session and refuses to expire a complete one", async () => {
    const open = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(open.id);
    expect(expired).toMatchObject({ status: "expired", url: null });

    const paid = await stripe.checkout.sessions.create(sessionParams());
    await standIn.completeSession(paid.id, { deliver: false });
    await expect(stripe.checkout.sessions.expire(paid.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    await standIn.waitForDeliveries();
  });

  it("settles an async payment later", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const completed = await standIn.completeSession(session.id, {
      deliver: false,
      asyncPayment: true,
    });
    expect(completed.data.object).toMatchObject({ payment_status: "unpaid" });

    const settled = await standIn.settleAsyncPayment(session.id, true, { deliver: false });
    expect(settled.type).toBe("checkout.session.async_payment_succeeded");
    expect(settled.data.object).toMatchObject({ payment_status: "paid" });
  });

  it("has a Checkout page a browser can pay on", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain("Stand-in Checkout");
    expect(html).toContain("$245.00");
    expect(html).toContain("Dryer repair: heating element");

    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://127.0.0.1:9/pay/done?session=${session.id}`);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "complete", payment_status: "paid" });
  });
});
