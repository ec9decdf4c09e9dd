/**
 * A stand-in for Stripe's API on 127.0.0.1, for the tests and the journeys, spoken to by the
 * official `stripe` package (`new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http" })`)
 * in the wire format that client sends and expects: form-encoded bodies in bracket notation
 * (`line_items[0][price_data][unit_amount]=24500`), Bearer auth with the one key it knows,
 * `Idempotency-Key` replays, JSON objects with `object` and `id`, errors as
 * `{ error: { type, message, code, param } }` with a 4xx status. Only what card payments through
 * Checkout need: Checkout Sessions (create, retrieve, expire), payment intents and charges (read,
 * with `expand`), refunds, the events list. Parameters Stripe knows but this does not model are
 * accepted and ignored; names Stripe does not know are refused as Stripe refuses them.
 *
 * It also plays the homeowner and Stripe's webhooks: a page at the session's `url` with a "Pay"
 * button (completes the session, then redirects 303 to the success URL), `completeSession`,
 * `expireSession`, `settleAsyncPayment` and refunds each make the event Stripe would and POST it
 * to the webhook URL, signed here as https://docs.stripe.com/webhooks#verify-manually documents,
 * not with the package's helpers (the app verifies with those; stripe.test.ts holds this signing
 * to the package's own test header). Deliveries are not retried: an event the app missed stays in
 * `GET /v1/events`, and `deliver` sends it again.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A form body or query string, flat: `{ "metadata[payment_id]": "42" }`. */
export type FormFields = Record<string, string>;

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  /** What the homeowner typed on Checkout; null until the session is complete. */
  customer_details: { email: string; name: string | null } | null;
  metadata: Record<string, string>;
  /** As given, `{CHECKOUT_SESSION_ID}` and all: Stripe fills it in only when it redirects. */
  success_url: string;
  cancel_url: string | null;
  /** The page to send the homeowner to; null once the session is no longer open. */
  url: string | null;
  payment_intent: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "processing" | "succeeded" | "requires_payment_method";
  description: string | null;
  latest_charge: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export type PaymentMethodDetails =
  | {
      type: "card";
      card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string };
    }
  | {
      type: "us_bank_account";
      us_bank_account: { bank_name: string; last4: string; account_type: string };
    };

/** Stripe stopped including `refunds` on a charge in API 2022-11-15: `expand[]=refunds` asks. */
export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  status: "pending" | "succeeded" | "failed";
  failure_code: string | null;
  payment_intent: string;
  payment_method_details: PaymentMethodDetails;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

interface EventEnvelope<Type extends string, DataObject> {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: Type;
  data: { object: DataObject; previous_attributes?: Partial<DataObject> };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused the event; both null when the homeowner did, on Checkout. */
  request: { id: string | null; idempotency_key: string | null };
}

export type CheckoutSessionEventType =
  | "checkout.session.completed"
  | "checkout.session.expired"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed";

export type StripeEvent =
  | EventEnvelope<CheckoutSessionEventType, CheckoutSession>
  | EventEnvelope<"charge.refunded", Charge>;

export interface ReceivedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: FormFields;
  /** The `stripe` package sends one on every POST (`stripe-node-retry-<uuid>`) unless given one. */
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** `expand[]=a` arrives as `expand[0]=a`, as the package sends it. */
  body: FormFields;
}

export interface WebhookDelivery {
  eventId: string;
  type: StripeEvent["type"];
  url: string;
  /** The app's status; 0 when it did not answer (refused, reset, timed out). */
  status: number;
  /** The app's answer, or why there was none. */
  body: string;
}

export interface StripeStandIn {
  /** `STRIPE_*` for a server that takes card payments through this stand-in. */
  env: Record<string, string>;
  /** "http://127.0.0.1:PORT": STRIPE_API_BASE. */
  url: string;
  port: number;
  /** The only key it accepts (401 otherwise, as Stripe answers). */
  secretKey: string;
  /** Signs the events it delivers. */
  webhookSecret: string;
  /** Every session created, in order, as they are now. */
  sessions: CheckoutSession[];
  paymentIntents: PaymentIntent[];
  charges: Charge[];
  refunds: Refund[];
  /** Every event made, oldest first, as it was made (delivered or not). */
  events: StripeEvent[];
  /** Every webhook POST and the app's answer, in order. */
  deliveries: WebhookDelivery[];
  /** Every `/v1/` request received, in order, authorised or not. */
  requests: ReceivedRequest[];
  /** Points webhooks at the app: events are POSTed here, signed. Until then none are sent. */
  setWebhookUrl(url: string): void;
  /**
   * The homeowner pays: the session becomes complete, paid, with a payment intent and a charge
   * by a Visa ending 4242; the `checkout.session.completed` event is made and, unless
   * `deliver: false`, delivered before this resolves. `asyncPayment`: paid by bank debit
   * (us_bank_account, last4 6789) instead, `payment_status` "unpaid" until `settleAsyncPayment`.
   */
  completeSession(
    sessionId: string,
    options?: { deliver?: boolean; asyncPayment?: boolean },
  ): Promise<StripeEvent>;
  /** The bank debit of an async payment clears or fails: `checkout.session.async_payment_*`. */
  settleAsyncPayment(
    sessionId: string,
    succeeded: boolean,
    options?: { deliver?: boolean },
  ): Promise<StripeEvent>;
  /** An open session runs out: `checkout.session.expired`. */
  expireSession(sessionId: string, options?: { deliver?: boolean }): Promise<StripeEvent>;
  /**
   * Sends (again) an event already made, signed now, or with the given timestamp or secret (to
   * forge). Returns the app's status and body (status 0: no answer).
   */
  deliver(
    event: StripeEvent,
    options?: { timestamp?: number; secret?: string },
  ): Promise<{ status: number; body: string }>;
  /** The `Stripe-Signature` header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  signatureFor(payload: string, timestamp?: number, secret?: string): string;
  /** Resolves once the deliveries under way (those started by API calls) have been answered. */
  waitForDeliveries(): Promise<void>;
  close(): Promise<void>;
}

/** The account's default version, for a request that names none (the `stripe` package always does). */
const ACCOUNT_API_VERSION = "2026-10-28.endive";
/** How long a webhook POST waits for the app's answer. */
const DELIVERY_TIMEOUT_MS = 10_000;
const WEBHOOK_USER_AGENT = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
const SESSION_SHORTEST_LIFETIME_SECONDS = 30 * 60;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/**
 * The parameter names an endpoint knows, nested as in the bracket notation; "*" stands for a
 * list index; `true`: anything may follow (a map such as metadata, or a name not modelled here).
 */
interface KnownParams {
  readonly [name: string]: KnownParams | true;
}

function anyOf(names: string): Record<string, true> {
  return Object.fromEntries(names.split(" ").map((name) => [name, true as const]));
}

/** `Checkout.SessionCreateParams` in stripe 23 (API 2026-10-28.endive), nested where modelled. */
const CHECKOUT_SESSION_CREATE_PARAMS: KnownParams = {
  ...anyOf(
    "adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types " +
      "automatic_tax billing_address_collection branding_settings cancel_url client_reference_id " +
      "consent_collection currency custom_fields custom_text customer customer_account " +
      "customer_creation customer_email customer_update discounts excluded_payment_method_types " +
      "expand expires_at integration_identifier invoice_creation locale managed_payments metadata " +
      "mode name_collection optional_items origin_context payment_method_collection " +
      "payment_method_configuration payment_method_data payment_method_options permissions " +
      "phone_number_collection redirect_on_completion return_url saved_payment_method_options " +
      "setup_intent_data shipping_address_collection shipping_options submit_type " +
      "subscription_data success_url tax_id_collection ui_mode wallet_options",
  ),
  line_items: {
    "*": {
      ...anyOf("adjustable_quantity metadata price quantity tax_rates"),
      price_data: {
        ...anyOf("currency product recurring tax_behavior unit_amount unit_amount_decimal"),
        product_data: anyOf("description images metadata name tax_code tax_details unit_label"),
      },
    },
  },
  payment_intent_data: anyOf(
    "application_fee_amount capture_method description metadata on_behalf_of receipt_email " +
      "setup_future_usage shipping statement_descriptor statement_descriptor_suffix " +
      "transfer_data transfer_group",
  ),
};

const REFUND_CREATE_PARAMS: KnownParams = anyOf(
  "amount charge currency customer expand instructions_email metadata origin payment_intent " +
    "reason refund_application_fee reverse_transfer",
);

const EVENT_LIST_PARAMS: KnownParams = {
  ...anyOf("delivery_success ending_before expand limit starting_after type"),
  created: anyOf("gt gte lt lte"),
  types: { "*": true },
};

const RETRIEVE_PARAMS: KnownParams = anyOf("expand");

interface StripeErrorBody {
  type: "invalid_request_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

/** Thrown by an endpoint: answered as `{ error }` with the status. */
class StripeApiFailure extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

function invalidRequest(message: string, param?: string, code?: string, status = 400) {
  return new StripeApiFailure(status, {
    type: "invalid_request_error",
    message,
    ...(code === undefined
      ? {}
      : { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}` }),
    ...(param === undefined ? {} : { param }),
  });
}

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomId(prefix: string, length = 24): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
  return id;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stripe's signature: hex HMAC-SHA256 of `<t>.<payload>`, keyed with the whole `whsec_…` string. */
function stripeSignatureHeader(payload: string, timestamp: number, secret: string): string {
  const signature = createHmac("sha256", secret)
    .update(`${timestamp}.${payload}`, "utf8")
    .digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Form fields, flat; `name[]` repeated becomes `name[0]`, `name[1]`… as the package numbers them. */
function parseForm(text: string): FormFields {
  const fields: FormFields = {};
  const nextIndex = new Map<string, number>();
  for (const [sentName, value] of new URLSearchParams(text)) {
    let name = sentName;
    if (name.endsWith("[]")) {
      const base = name.slice(0, -2);
      const index = nextIndex.get(base) ?? 0;
      nextIndex.set(base, index + 1);
      name = `${base}[${index}]`;
    }
    fields[name] = value;
  }
  return fields;
}

/** `line_items[0][quantity]` → `["line_items", "0", "quantity"]`. */
function segmentsOf(name: string): string[] {
  const open = name.indexOf("[");
  if (open === -1) return [name];
  const segments = [name.slice(0, open)];
  for (const match of name.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? "");
  return segments;
}

function nameOf(segments: readonly string[]): string {
  return `${segments[0] ?? ""}${segments
    .slice(1)
    .map((segment) => `[${segment}]`)
    .join("")}`;
}

function rejectUnknownParams(fields: FormFields, known: KnownParams): void {
  for (const name of Object.keys(fields)) {
    const segments = segmentsOf(name);
    let shape: KnownParams | true = known;
    for (let depth = 0; depth < segments.length && shape !== true; depth += 1) {
      const segment: string = segments[depth] ?? "";
      const next: KnownParams | true | undefined =
        shape[segment] ?? (/^\d+$/.test(segment) ? shape["*"] : undefined);
      if (next === undefined) {
        const unknown = nameOf(segments.slice(0, depth + 1));
        throw invalidRequest(
          `Received unknown parameter: ${unknown}`,
          unknown,
          "parameter_unknown",
        );
      }
      shape = next;
    }
  }
}

/** The map under a name: `metadata[a]=1&metadata[b]=2` → `{ a: "1", b: "2" }` (empty values unset). */
function mapAt(fields: FormFields, path: readonly string[]): Record<string, string> {
  const prefix = `${nameOf(path)}[`;
  const map: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(prefix) || !name.endsWith("]")) continue;
    const key = name.slice(prefix.length, -1);
    if (!key.includes("[") && !key.includes("]") && value !== "") map[key] = value;
  }
  return map;
}

/** The values of a list, in index order: `expand[0]=a&expand[1]=b` → `["a", "b"]`. */
function listAt(fields: FormFields, name: string): string[] {
  return indicesAt(fields, name).flatMap((index) => fields[`${name}[${index}]`] ?? []);
}

/** The indices a list's fields use: `line_items[0][…]`, `line_items[1][…]` → `[0, 1]`. */
function indicesAt(fields: FormFields, name: string): number[] {
  const indices = new Set<number>();
  for (const field of Object.keys(fields)) {
    const [top, index] = segmentsOf(field);
    if (top === name && index !== undefined && /^\d+$/.test(index)) indices.add(Number(index));
  }
  return [...indices].sort((a, b) => a - b);
}

function requiredParam(fields: FormFields, name: string): string {
  const value = fields[name];
  if (value === undefined) {
    throw invalidRequest(`Missing required param: ${name}.`, name, "parameter_missing");
  }
  if (value === "") {
    throw invalidRequest(
      `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
      name,
      "parameter_invalid_empty",
    );
  }
  return value;
}

function optionalInteger(
  fields: FormFields,
  name: string,
  bounds: { min?: number; max?: number } = {},
): number | null {
  const value = fields[name];
  if (value === undefined || value === "") return null;
  if (!/^-?\d+$/.test(value)) {
    throw invalidRequest(`Invalid integer: ${value}`, name, "parameter_invalid_integer");
  }
  const integer = Number(value);
  if (bounds.min !== undefined && integer < bounds.min) {
    throw invalidRequest(`This value must be greater than or equal to ${bounds.min}.`, name);
  }
  if (bounds.max !== undefined && integer > bounds.max) {
    throw invalidRequest(`This value must be less than or equal to ${bounds.max}.`, name);
  }
  return integer;
}

function requiredInteger(fields: FormFields, name: string, bounds: { min?: number } = {}): number {
  requiredParam(fields, name);
  return optionalInteger(fields, name, bounds)!;
}

function optionalUrl(fields: FormFields, name: string): string | null {
  const value = fields[name];
  if (value === undefined || value === "") return null;
  let protocol = "";
  try {
    protocol = new URL(value).protocol;
  } catch {
    // Not a URL at all: refused below.
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw invalidRequest("Not a valid URL", name, "url_invalid");
  }
  return value;
}

function metadataAt(fields: FormFields, path: readonly string[]): Record<string, string> {
  const metadata = mapAt(fields, path);
  const param = nameOf(path);
  const entries = Object.entries(metadata);
  if (entries.length > 50) {
    throw invalidRequest("Invalid metadata: metadata can have at most 50 keys.", param);
  }
  for (const [key, value] of entries) {
    if (key.length > 40) {
      throw invalidRequest(
        `Invalid metadata: metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters. Invalid key: ${key}`,
        param,
      );
    }
    if (value.length > 500) {
      throw invalidRequest(
        `Invalid metadata: metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters. Invalid value: ${value}`,
        param,
      );
    }
  }
  return metadata;
}

/** Splits `expand` paths by their first field; a field not in `expandable` is refused. */
function expansionsByField(paths: string[], expandable: readonly string[]): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const path of paths) {
    const [field = "", ...rest] = path.split(".");
    if (!expandable.includes(field)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`);
    }
    const nested = byField.get(field) ?? [];
    if (rest.length > 0) nested.push(rest.join("."));
    byField.set(field, nested);
  }
  return byField;
}

function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function apiKeyFrom(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer) return bearer[1] ?? null;
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization);
  if (basic)
    return (
      Buffer.from(basic[1] ?? "", "base64")
        .toString("utf8")
        .split(":")[0] ?? null
    );
  return null;
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
}

function sendText(
  response: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** Stripe's API answers pretty-printed JSON, as its webhooks do. */
function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

interface LineItem {
  id: string;
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
  priceId: string;
  productId: string;
}

/** What a session holds that its object does not show. */
interface SessionDetails {
  lineItems: LineItem[];
  paymentIntentMetadata: Record<string, string>;
  paymentIntentDescription: string | null;
  apiVersion: string;
}

interface ApiCall {
  method: string;
  path: string;
  /** The query for GET, the form body for POST. */
  params: FormFields;
  requestId: string;
  idempotencyKey: string | null;
  apiVersion: string;
}

interface ApiAnswer {
  body: unknown;
  /** Run once the answer is sent (an event's delivery). */
  afterAnswer?: () => void;
}

interface IdempotentResult {
  endpoint: string;
  fingerprint: string;
  status: number;
  text: string;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = randomId("sk_test_standin_", 32);
  const webhookSecret = randomId("whsec_", 32);
  const sessions: CheckoutSession[] = [];
  const paymentIntents: PaymentIntent[] = [];
  const charges: Charge[] = [];
  const refunds: Refund[] = [];
  const events: StripeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const requests: ReceivedRequest[] = [];
  const sessionDetails = new Map<string, SessionDetails>();
  const idempotentResults = new Map<string, IdempotentResult>();
  const deliveredEventIds = new Set<string>();
  const deliveriesUnderWay = new Set<Promise<unknown>>();
  let webhookUrl: string | null = null;
  let base = "";

  function sessionById(id: string): CheckoutSession | undefined {
    return sessions.find((session) => session.id === id);
  }
  function paymentIntentById(id: string): PaymentIntent | undefined {
    return paymentIntents.find((paymentIntent) => paymentIntent.id === id);
  }
  function chargeById(id: string): Charge | undefined {
    return charges.find((charge) => charge.id === id);
  }
  function detailsOf(session: CheckoutSession): SessionDetails {
    return sessionDetails.get(session.id)!;
  }
  function noSuch(kind: string, id: string, param?: string, status = 404): StripeApiFailure {
    return invalidRequest(`No such ${kind}: '${id}'`, param, "resource_missing", status);
  }

  // ---- Objects as the API shows them, expanded as asked. ----

  function renderCharge(charge: Charge, expand: string[]): Record<string, unknown> {
    const byField = expansionsByField(expand, ["refunds", "payment_intent"]);
    const rendered: Record<string, unknown> = { ...charge };
    if (byField.has("refunds")) {
      rendered.refunds = {
        object: "list",
        data: refunds.filter((refund) => refund.charge === charge.id),
        has_more: false,
        url: `/v1/charges/${charge.id}/refunds`,
      };
    }
    const paymentIntentExpansions = byField.get("payment_intent");
    if (paymentIntentExpansions) {
      const paymentIntent = paymentIntentById(charge.payment_intent);
      if (paymentIntent) {
        rendered.payment_intent = renderPaymentIntent(paymentIntent, paymentIntentExpansions);
      }
    }
    return rendered;
  }

  function renderPaymentIntent(
    paymentIntent: PaymentIntent,
    expand: string[],
  ): Record<string, unknown> {
    const byField = expansionsByField(expand, ["latest_charge"]);
    const rendered: Record<string, unknown> = { ...paymentIntent };
    const chargeExpansions = byField.get("latest_charge");
    const charge = paymentIntent.latest_charge ? chargeById(paymentIntent.latest_charge) : null;
    if (chargeExpansions && charge) rendered.latest_charge = renderCharge(charge, chargeExpansions);
    return rendered;
  }

  function renderSession(session: CheckoutSession, expand: string[]): Record<string, unknown> {
    const byField = expansionsByField(expand, ["payment_intent", "line_items"]);
    const rendered: Record<string, unknown> = { ...session };
    const paymentIntentExpansions = byField.get("payment_intent");
    const paymentIntent = session.payment_intent ? paymentIntentById(session.payment_intent) : null;
    if (paymentIntentExpansions && paymentIntent) {
      rendered.payment_intent = renderPaymentIntent(paymentIntent, paymentIntentExpansions);
    }
    if (byField.has("line_items")) {
      rendered.line_items = {
        object: "list",
        data: detailsOf(session).lineItems.map((item) => ({
          id: item.id,
          object: "item",
          amount_subtotal: item.unitAmount * item.quantity,
          amount_total: item.unitAmount * item.quantity,
          currency: item.currency,
          description: item.name,
          quantity: item.quantity,
          price: {
            id: item.priceId,
            object: "price",
            currency: item.currency,
            unit_amount: item.unitAmount,
            product: item.productId,
          },
        })),
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
      };
    }
    return rendered;
  }

  function renderEvent(event: StripeEvent): StripeEvent {
    return { ...event, pending_webhooks: deliveredEventIds.has(event.id) ? 0 : 1 };
  }

  // ---- Events and their delivery. ----

  function recordSessionEvent(
    type: CheckoutSessionEventType,
    session: CheckoutSession,
  ): StripeEvent {
    const event: StripeEvent = {
      id: randomId("evt_"),
      object: "event",
      api_version: detailsOf(session).apiVersion,
      created: nowSeconds(),
      type,
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    return event;
  }

  async function post(
    event: StripeEvent,
    options: { timestamp?: number; secret?: string } = {},
  ): Promise<{ status: number; body: string }> {
    if (webhookUrl === null) throw new Error("No webhook URL: call setWebhookUrl first.");
    const url = webhookUrl;
    const payload = JSON.stringify(event, null, 2);
    const signature = stripeSignatureHeader(
      payload,
      options.timestamp ?? nowSeconds(),
      options.secret ?? webhookSecret,
    );
    let status = 0;
    let body: string;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": WEBHOOK_USER_AGENT,
          Accept: "*/*; q=0.5, application/xml",
          "Cache-Control": "no-cache",
          "Stripe-Signature": signature,
        },
        body: payload,
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    deliveries.push({ eventId: event.id, type: event.type, url, status, body });
    if (status >= 200 && status < 300) deliveredEventIds.add(event.id);
    return { status, body };
  }

  /** Delivers in the background, as Stripe does after answering the API call. */
  function deliverLater(event: StripeEvent): void {
    if (webhookUrl === null) return;
    const delivery = post(event);
    deliveriesUnderWay.add(delivery);
    void delivery.finally(() => deliveriesUnderWay.delete(delivery));
  }

  /** Before a helper changes anything: it cannot deliver without a webhook URL. */
  function checkCanDeliver(deliver: boolean | undefined): boolean {
    if ((deliver ?? true) && webhookUrl === null) {
      throw new Error("No webhook URL: call setWebhookUrl first, or pass { deliver: false }.");
    }
    return deliver ?? true;
  }

  // ---- What happens on Checkout and at the bank. ----

  function payForSession(sessionId: string, asyncPayment: boolean): StripeEvent {
    const session = sessionById(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== "open") {
      throw new Error(`Checkout session ${sessionId} is ${session.status}, not open.`);
    }
    const details = detailsOf(session);
    const created = nowSeconds();
    const paymentIntent: PaymentIntent = {
      id: randomId("pi_"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: asyncPayment ? 0 : session.amount_total,
      currency: session.currency,
      status: asyncPayment ? "processing" : "succeeded",
      description: details.paymentIntentDescription,
      latest_charge: null,
      metadata: { ...details.paymentIntentMetadata },
      created,
      livemode: false,
    };
    const charge: Charge = {
      id: randomId("ch_"),
      object: "charge",
      amount: session.amount_total,
      amount_captured: asyncPayment ? 0 : session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      paid: !asyncPayment,
      captured: !asyncPayment,
      refunded: false,
      status: asyncPayment ? "pending" : "succeeded",
      failure_code: null,
      payment_intent: paymentIntent.id,
      payment_method_details: asyncPayment
        ? {
            type: "us_bank_account",
            us_bank_account: {
              bank_name: "STRIPE TEST BANK",
              last4: "6789",
              account_type: "checking",
            },
          }
        : {
            type: "card",
            card: {
              brand: "visa",
              last4: "4242",
              exp_month: 12,
              exp_year: new Date().getFullYear() + 3,
              funding: "credit",
            },
          },
      metadata: { ...details.paymentIntentMetadata },
      created,
      livemode: false,
    };
    paymentIntent.latest_charge = charge.id;
    paymentIntents.push(paymentIntent);
    charges.push(charge);
    session.status = "complete";
    session.payment_status = asyncPayment ? "unpaid" : "paid";
    session.payment_intent = paymentIntent.id;
    session.url = null;
    session.customer_details = {
      email: session.customer_email ?? "homeowner@example.com",
      name: null,
    };
    return recordSessionEvent("checkout.session.completed", session);
  }

  function expireOpenSession(session: CheckoutSession): StripeEvent {
    session.status = "expired";
    session.url = null;
    return recordSessionEvent("checkout.session.expired", session);
  }

  // ---- Endpoints. ----

  function createCheckoutSession(call: ApiCall): ApiAnswer {
    const params = call.params;
    rejectUnknownParams(params, CHECKOUT_SESSION_CREATE_PARAMS);
    const expand = listAt(params, "expand");
    expansionsByField(expand, ["payment_intent", "line_items"]);
    const mode = requiredParam(params, "mode");
    if (mode !== "payment") {
      throw invalidRequest(`The stand-in knows only mode=payment, not ${mode}.`, "mode");
    }
    requiredParam(params, "success_url");
    const successUrl = optionalUrl(params, "success_url")!;
    const cancelUrl = optionalUrl(params, "cancel_url");
    const indices = indicesAt(params, "line_items");
    if (indices.length === 0) {
      throw invalidRequest(
        "Missing required param: line_items.",
        "line_items",
        "parameter_missing",
      );
    }
    const lineItems = indices.map((index): LineItem => {
      const at = (...path: string[]) => nameOf(["line_items", String(index), ...path]);
      if (params[at("price")] !== undefined) {
        throw invalidRequest(
          "The stand-in knows only line items with price_data, not a Price's id.",
          at("price"),
        );
      }
      const currency = requiredParam(params, at("price_data", "currency")).toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) {
        throw invalidRequest(`Invalid currency: ${currency}.`, at("price_data", "currency"));
      }
      const unitAmount = requiredInteger(params, at("price_data", "unit_amount"), { min: 1 });
      const name = requiredParam(params, at("price_data", "product_data", "name"));
      const quantity = requiredInteger(params, at("quantity"), { min: 1 });
      metadataAt(params, ["line_items", String(index), "price_data", "product_data", "metadata"]);
      return {
        id: randomId("li_"),
        name,
        currency,
        unitAmount,
        quantity,
        priceId: randomId("price_"),
        productId: randomId("prod_", 14),
      };
    });
    const currency = lineItems[0]!.currency;
    if (lineItems.some((item) => item.currency !== currency)) {
      throw invalidRequest("All line items must use the same currency.", "line_items");
    }
    const amountTotal = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    if (currency === "usd" && amountTotal < 50) {
      throw invalidRequest(
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        "line_items",
      );
    }
    const created = nowSeconds();
    const expiresAt = optionalInteger(params, "expires_at") ?? created + SESSION_LIFETIME_SECONDS;
    if (expiresAt < created + SESSION_SHORTEST_LIFETIME_SECONDS) {
      throw invalidRequest(
        "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
        "expires_at",
      );
    }
    if (expiresAt > created + SESSION_LIFETIME_SECONDS) {
      throw invalidRequest(
        "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
        "expires_at",
      );
    }
    const customerEmail = params.customer_email || null;
    if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
      throw invalidRequest(
        `Invalid email address: ${customerEmail}`,
        "customer_email",
        "email_invalid",
      );
    }
    const clientReferenceId = params.client_reference_id || null;
    if (clientReferenceId !== null && clientReferenceId.length > 200) {
      throw invalidRequest(
        "Invalid client_reference_id: must be at most 200 characters.",
        "client_reference_id",
      );
    }
    const metadata = metadataAt(params, ["metadata"]);
    const paymentIntentMetadata = metadataAt(params, ["payment_intent_data", "metadata"]);
    const id = randomId("cs_test_", 58);
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      currency,
      client_reference_id: clientReferenceId,
      customer_email: customerEmail,
      customer_details: null,
      metadata,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${base}/c/pay/${id}`,
      payment_intent: null,
      expires_at: expiresAt,
      created,
      livemode: false,
    };
    sessions.push(session);
    sessionDetails.set(id, {
      lineItems,
      paymentIntentMetadata,
      paymentIntentDescription: params["payment_intent_data[description]"] || null,
      apiVersion: call.apiVersion,
    });
    return { body: renderSession(session, expand) };
  }

  function expireCheckoutSession(call: ApiCall, sessionId: string): ApiAnswer {
    rejectUnknownParams(call.params, RETRIEVE_PARAMS);
    const session = sessionById(sessionId);
    if (!session) throw noSuch("checkout.session", sessionId);
    if (session.status !== "open") {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    const event = expireOpenSession(session);
    event.request = { id: call.requestId, idempotency_key: call.idempotencyKey };
    return {
      body: renderSession(session, listAt(call.params, "expand")),
      afterAnswer: () => deliverLater(event),
    };
  }

  function createRefund(call: ApiCall): ApiAnswer {
    const params = call.params;
    rejectUnknownParams(params, REFUND_CREATE_PARAMS);
    expansionsByField(listAt(params, "expand"), []);
    let paymentIntent: PaymentIntent | undefined;
    if (params.payment_intent) {
      paymentIntent = paymentIntentById(params.payment_intent);
      if (!paymentIntent)
        throw noSuch("payment_intent", params.payment_intent, "payment_intent", 400);
    } else if (params.charge) {
      const charge = chargeById(params.charge);
      if (!charge) throw noSuch("charge", params.charge, "charge", 400);
      paymentIntent = paymentIntentById(charge.payment_intent);
    } else {
      throw invalidRequest(
        "One of the following params should be provided for this request: payment_intent or charge.",
        "payment_intent",
        "parameter_missing",
      );
    }
    const charge = paymentIntent?.latest_charge ? chargeById(paymentIntent.latest_charge) : null;
    if (!paymentIntent || !charge || charge.status !== "succeeded") {
      throw invalidRequest(
        `This PaymentIntent (${paymentIntent?.id ?? params.charge}) does not have a successful charge to refund.`,
        "payment_intent",
      );
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw invalidRequest(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        "charge_already_refunded",
      );
    }
    const amount = optionalInteger(params, "amount", { min: 1 }) ?? left;
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        "amount",
        "amount_too_large",
      );
    }
    const reason = params.reason || null;
    if (reason !== null && !REFUND_REASONS.some((known) => known === reason)) {
      throw invalidRequest(
        "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer",
        "reason",
      );
    }
    const refund: Refund = {
      id: randomId("re_"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: paymentIntent.id,
      reason: REFUND_REASONS.find((known) => known === reason) ?? null,
      status: "succeeded",
      metadata: metadataAt(params, ["metadata"]),
      created: nowSeconds(),
    };
    refunds.push(refund);
    const previousAttributes: Partial<Charge> = { amount_refunded: charge.amount_refunded };
    charge.amount_refunded += amount;
    if (charge.amount_refunded === charge.amount) {
      previousAttributes.refunded = charge.refunded;
      charge.refunded = true;
    }
    const event: StripeEvent = {
      id: randomId("evt_"),
      object: "event",
      api_version: call.apiVersion,
      created: nowSeconds(),
      type: "charge.refunded",
      data: { object: structuredClone(charge), previous_attributes: previousAttributes },
      livemode: false,
      pending_webhooks: 1,
      request: { id: call.requestId, idempotency_key: call.idempotencyKey },
    };
    events.push(event);
    return { body: refund, afterAnswer: () => deliverLater(event) };
  }

  function listEvents(call: ApiCall): ApiAnswer {
    const params = call.params;
    rejectUnknownParams(params, EVENT_LIST_PARAMS);
    expansionsByField(listAt(params, "expand"), []);
    const limit = optionalInteger(params, "limit", { min: 1, max: 100 }) ?? 10;
    const typePatterns = params.type ? [params.type] : listAt(params, "types");
    const typeMatchers = typePatterns.map(
      (pattern) =>
        new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`),
    );
    const createdExactly = optionalInteger(params, "created", { min: 0 });
    const createdAfter = optionalInteger(params, "created[gt]", { min: 0 });
    const createdFrom = optionalInteger(params, "created[gte]", { min: 0 });
    const createdBefore = optionalInteger(params, "created[lt]", { min: 0 });
    const createdUntil = optionalInteger(params, "created[lte]", { min: 0 });
    const deliverySuccess = params.delivery_success;
    if (
      deliverySuccess !== undefined &&
      deliverySuccess !== "true" &&
      deliverySuccess !== "false"
    ) {
      throw invalidRequest(`Invalid boolean: ${deliverySuccess}`, "delivery_success");
    }
    const matches = (event: StripeEvent) =>
      (typeMatchers.length === 0 || typeMatchers.some((matcher) => matcher.test(event.type))) &&
      (createdExactly === null || event.created === createdExactly) &&
      (createdAfter === null || event.created > createdAfter) &&
      (createdFrom === null || event.created >= createdFrom) &&
      (createdBefore === null || event.created < createdBefore) &&
      (createdUntil === null || event.created <= createdUntil) &&
      (deliverySuccess === undefined ||
        deliveredEventIds.has(event.id) === (deliverySuccess === "true"));
    const newestFirst = [...events].reverse();
    const cursorIndex = (param: "starting_after" | "ending_before") => {
      const id = params[param]!;
      const index = newestFirst.findIndex((event) => event.id === id);
      if (index === -1) throw noSuch("event", id, param, 400);
      return index;
    };
    let page: StripeEvent[];
    let hasMore: boolean;
    if (params.starting_after) {
      const older = newestFirst.slice(cursorIndex("starting_after") + 1).filter(matches);
      page = older.slice(0, limit);
      hasMore = older.length > limit;
    } else if (params.ending_before) {
      const newer = newestFirst.slice(0, cursorIndex("ending_before")).filter(matches);
      page = newer.slice(-limit);
      hasMore = newer.length > limit;
    } else {
      const all = newestFirst.filter(matches);
      page = all.slice(0, limit);
      hasMore = all.length > limit;
    }
    return {
      body: { object: "list", data: page.map(renderEvent), has_more: hasMore, url: "/v1/events" },
    };
  }

  function route(call: ApiCall): ApiAnswer {
    const { method, path, params } = call;
    const idIn = (pattern: RegExp): string | undefined => pattern.exec(path)?.[1];
    const expand = () => listAt(params, "expand");
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckoutSession(call);
    const sessionId = idIn(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && sessionId) {
      rejectUnknownParams(params, RETRIEVE_PARAMS);
      const session = sessionById(sessionId);
      if (!session) throw noSuch("checkout.session", sessionId);
      return { body: renderSession(session, expand()) };
    }
    const expiringSessionId = idIn(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === "POST" && expiringSessionId)
      return expireCheckoutSession(call, expiringSessionId);
    const paymentIntentId = idIn(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === "GET" && paymentIntentId) {
      rejectUnknownParams(params, RETRIEVE_PARAMS);
      const paymentIntent = paymentIntentById(paymentIntentId);
      if (!paymentIntent) throw noSuch("payment_intent", paymentIntentId);
      return { body: renderPaymentIntent(paymentIntent, expand()) };
    }
    const chargeId = idIn(/^\/v1\/charges\/([^/]+)$/);
    if (method === "GET" && chargeId) {
      rejectUnknownParams(params, RETRIEVE_PARAMS);
      const charge = chargeById(chargeId);
      if (!charge) throw noSuch("charge", chargeId);
      return { body: renderCharge(charge, expand()) };
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(call);
    const refundId = idIn(/^\/v1\/refunds\/([^/]+)$/);
    if (method === "GET" && refundId) {
      rejectUnknownParams(params, RETRIEVE_PARAMS);
      expansionsByField(expand(), []);
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!refund) throw noSuch("refund", refundId);
      return { body: refund };
    }
    if (method === "GET" && path === "/v1/events") return listEvents(call);
    const eventId = idIn(/^\/v1\/events\/([^/]+)$/);
    if (method === "GET" && eventId) {
      rejectUnknownParams(params, RETRIEVE_PARAMS);
      expansionsByField(expand(), []);
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw noSuch("event", eventId);
      return { body: renderEvent(event) };
    }
    throw invalidRequest(
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      undefined,
      undefined,
      404,
    );
  }

  async function answerApi(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    text: string,
  ): Promise<void> {
    const method = request.method ?? "GET";
    const requestId = randomId("req_", 14);
    const idempotencyKey = headerValue(request, "idempotency-key");
    const stripeVersion = headerValue(request, "stripe-version");
    const contentType = headerValue(request, "content-type") ?? "";
    const isForm = contentType.toLowerCase().startsWith("application/x-www-form-urlencoded");
    const query = parseForm(url.search.slice(1));
    const body = method === "POST" && isForm ? parseForm(text) : {};
    requests.push({ method, path: url.pathname, query, idempotencyKey, stripeVersion, body });
    const headers: Record<string, string> = {
      "Request-Id": requestId,
      "Stripe-Version": stripeVersion ?? ACCOUNT_API_VERSION,
    };
    if (method === "POST" && idempotencyKey !== null) headers["Idempotency-Key"] = idempotencyKey;
    const answer = (status: number, json: string, extra: Record<string, string> = {}) =>
      sendText(response, status, "application/json", json, { ...headers, ...extra });
    try {
      const apiKey = apiKeyFrom(request.headers.authorization);
      if (apiKey === null || apiKey === "") {
        throw invalidRequest(
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
          undefined,
          undefined,
          401,
        );
      }
      if (apiKey !== secretKey) {
        const masked = `${apiKey.slice(0, 8)}${"*".repeat(Math.max(0, apiKey.length - 12))}${apiKey.slice(-4)}`;
        throw invalidRequest(`Invalid API Key provided: ${masked}`, undefined, undefined, 401);
      }
      if (method === "POST" && text !== "" && !isForm) {
        throw invalidRequest(
          "Invalid request (check that your POST content type is application/x-www-form-urlencoded). If you have any questions, we can help at https://support.stripe.com/.",
        );
      }
      const endpoint = `${method} ${url.pathname}`;
      const fingerprint = JSON.stringify(
        Object.entries(body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      const idempotent = method === "POST" && idempotencyKey !== null;
      const storeKey = `${apiKey}\n${idempotencyKey ?? ""}`;
      if (idempotent) {
        if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
          throw invalidRequest(
            `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
          );
        }
        const stored = idempotentResults.get(storeKey);
        if (stored) {
          const retry = `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
          if (stored.endpoint !== endpoint) {
            throw new StripeApiFailure(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.endpoint}' vs '${endpoint}'). ${retry}`,
            });
          }
          if (stored.fingerprint !== fingerprint) {
            throw new StripeApiFailure(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
            });
          }
          answer(stored.status, stored.text, { "Idempotent-Replayed": "true" });
          return;
        }
      }
      const result = route({
        method,
        path: url.pathname,
        params: method === "POST" ? body : query,
        requestId,
        idempotencyKey,
        apiVersion: stripeVersion ?? ACCOUNT_API_VERSION,
      });
      const json = toJson(result.body);
      // Like Stripe, only a request that ran is kept for replay; one refused as invalid is not.
      if (idempotent)
        idempotentResults.set(storeKey, { endpoint, fingerprint, status: 200, text: json });
      answer(200, json);
      result.afterAnswer?.();
    } catch (error) {
      if (!(error instanceof StripeApiFailure)) throw error;
      answer(
        error.status,
        toJson({ error: error.body }),
        error.status === 401 ? { "WWW-Authenticate": 'Basic realm="Stripe"' } : {},
      );
    }
  }

  // ---- The page the homeowner pays on. ----

  function payPage(session: CheckoutSession): string {
    const items = detailsOf(session)
      .lineItems.map(
        (item) =>
          `<li>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ""}: ${escapeHtml(formatAmount(item.unitAmount * item.quantity, item.currency))}</li>`,
      )
      .join("\n      ");
    const total = escapeHtml(formatAmount(session.amount_total, session.currency));
    const body =
      session.status === "open"
        ? `<ul>
      ${items}
    </ul>
    <p>Total: <strong>${total}</strong></p>
    <form method="post" action="/c/pay/${escapeHtml(session.id)}">
      <button type="submit">Pay</button>
    </form>
    ${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ""}`
        : `<p>${session.status === "complete" ? "This session has been paid." : "This session has expired."}</p>`;
    return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Stand-in Checkout</title>
  </head>
  <body>
    <h1>Stand-in Checkout</h1>
    <p>Not Stripe: a stand-in on 127.0.0.1 for the tests.</p>
    ${body}
  </body>
</html>
`;
  }

  async function answerPayPage(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string,
  ): Promise<void> {
    const session = sessionById(sessionId);
    const html = "text/html; charset=utf-8";
    if (!session) {
      sendText(
        response,
        404,
        html,
        "<!doctype html><title>Not found</title><p>No such session.</p>\n",
      );
      return;
    }
    if (request.method === "GET") {
      sendText(response, 200, html, payPage(session));
      return;
    }
    if (request.method !== "POST") {
      sendText(response, 405, "text/plain; charset=utf-8", "Method not allowed\n", {
        Allow: "GET, POST",
      });
      return;
    }
    if (session.status !== "open") {
      sendText(response, 400, html, payPage(session));
      return;
    }
    // Delivered before the redirect, so a journey's next page finds the payment recorded.
    const event = payForSession(session.id, false);
    if (webhookUrl !== null) await post(event);
    response.writeHead(303, {
      Location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id),
      "Content-Length": "0",
    });
    response.end();
  }

  const server = createServer((request, response) => {
    const handle = async () => {
      const text = await readBody(request);
      const url = new URL(request.url ?? "/", base);
      const payPath = /^\/c\/pay\/([^/]+)\/?$/.exec(url.pathname);
      if (payPath) {
        await answerPayPage(request, response, decodeURIComponent(payPath[1] ?? ""));
        return;
      }
      await answerApi(request, response, url, text);
    };
    handle().catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      sendText(
        response,
        500,
        "application/json",
        toJson({ error: { type: "api_error", message: `The stand-in failed: ${String(error)}` } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  function sessionFor(sessionId: string): CheckoutSession {
    const session = sessionById(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    return session;
  }

  return {
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: base,
    },
    url: base,
    port,
    secretKey,
    webhookSecret,
    sessions,
    paymentIntents,
    charges,
    refunds,
    events,
    deliveries,
    requests,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async completeSession(sessionId, options = {}) {
      const deliver = checkCanDeliver(options.deliver);
      const event = payForSession(sessionId, options.asyncPayment ?? false);
      if (deliver) await post(event);
      return event;
    },
    async settleAsyncPayment(sessionId, succeeded, options = {}) {
      const deliver = checkCanDeliver(options.deliver);
      const session = sessionFor(sessionId);
      const paymentIntent = session.payment_intent
        ? paymentIntentById(session.payment_intent)
        : undefined;
      const charge = paymentIntent?.latest_charge
        ? chargeById(paymentIntent.latest_charge)
        : undefined;
      if (!paymentIntent || !charge || paymentIntent.status !== "processing") {
        throw new Error(`Checkout session ${sessionId} has no async payment under way.`);
      }
      if (succeeded) {
        paymentIntent.status = "succeeded";
        paymentIntent.amount_received = paymentIntent.amount;
        charge.status = "succeeded";
        charge.paid = true;
        charge.captured = true;
        charge.amount_captured = charge.amount;
        session.payment_status = "paid";
      } else {
        paymentIntent.status = "requires_payment_method";
        charge.status = "failed";
        charge.failure_code = "insufficient_funds";
      }
      const event = recordSessionEvent(
        succeeded
          ? "checkout.session.async_payment_succeeded"
          : "checkout.session.async_payment_failed",
        session,
      );
      if (deliver) await post(event);
      return event;
    },
    async expireSession(sessionId, options = {}) {
      const deliver = checkCanDeliver(options.deliver);
      const session = sessionFor(sessionId);
      if (session.status !== "open") {
        throw new Error(`Checkout session ${sessionId} is ${session.status}, not open.`);
      }
      const event = expireOpenSession(session);
      if (deliver) await post(event);
      return event;
    },
    deliver(event, options = {}) {
      return post(event, options);
    },
    signatureFor(payload, timestamp = nowSeconds(), secret = webhookSecret) {
      return stripeSignatureHeader(payload, timestamp, secret);
    },
    async waitForDeliveries() {
      while (deliveriesUnderWay.size > 0) await Promise.allSettled([...deliveriesUnderWay]);
    },
    async close() {
      await Promise.allSettled([...deliveriesUnderWay]);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
