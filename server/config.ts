import { z } from "zod";

import { defaultBookingDaysAhead } from "~/domain/service-request";

import { compileTrustProxy, type TrustProxySetting } from "./geo/client-ip";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/**
 * `TRUST_PROXY`: the number of proxies in front of the app ("1" behind one load balancer), or
 * their addresses and subnets ("10.0.0.0/8, loopback"); unset or "0" when clients connect
 * directly. "true" is refused: it would take the left-most `X-Forwarded-For` entry, which any
 * client can write.
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustProxySetting => {
    if (value === undefined || value === "" || value === "false" || value === "no") return 0;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(",").map((entry) => entry.trim());
    try {
      if (addresses.includes("true") || addresses.includes("yes")) throw new Error("a flag");
      compileTrustProxy(addresses);
      return addresses;
    } catch {
      context.addIssue({
        code: "custom",
        message:
          'must be the number of proxies in front of the app (e.g. "1") or their addresses ' +
          '(e.g. "10.0.0.0/8, loopback"); "true" would trust any X-Forwarded-For a client sends',
      });
      return z.NEVER;
    }
  });

/** A host name as a `Host` header carries it (lower-cased, no port): a name, IPv4 or [IPv6]. */
const hostName =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * `ALLOWED_HOSTS`: host names besides `SITE_URL`'s that requests may name in `Host` ("www.
 * example.com, example.com"), each exactly, without scheme or port. Any other host is refused
 * (a DNS-rebinding page reaches the server under its own name).
 */
const allowedHostsSetting = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const hosts = (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== "");
    const bad = hosts.find((host) => !hostName.test(host));
    if (bad === undefined) return hosts;
    context.addIssue({
      code: "custom",
      message: `must be host names separated by commas (e.g. "www.example.com, example.com"), without scheme, port or wildcard: ${JSON.stringify(bad)} is not one`,
    });
    return z.NEVER;
  });

const configFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  ALLOWED_HOSTS: allowedHostsSetting,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalString.pipe(z.email("must be an email address").optional()),
  LEADS_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
  GOOGLE_MAPS_API_KEY: optionalString,
  /** The maps provider's script address; tests point it at a stand-in on 127.0.0.1. */
  GOOGLE_MAPS_SCRIPT_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default("https://maps.googleapis.com/maps/api/js"),
  /** Texts (Twilio's Messages API): all three set, texts go to the provider; else to files. */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  SMS_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number like +17135550127")
      .optional(),
  ),
  /** The provider's address; tests point it at a stand-in on 127.0.0.1. */
  TWILIO_API_BASE: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default("https://api.twilio.com")
    .transform((value) => value.replace(/\/+$/, "")),
  /**
   * Texts to one number in 24 hours, replies to STOP and HELP aside: past it the rest are not
   * sent (a stranger booking with someone else's number and the box ticked). 0: no limit.
   */
  TEXTS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(0).default(8),
  /** How long a text's request may wait for the provider's answer. */
  TEXT_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /**
   * Card payments (Stripe Checkout): with the secret key, the homeowner's page offers "Pay by
   * card" and My day the pay link; without it nothing card-related is offered. The webhook
   * secret signs `POST /api/payments/stripe`; without it every event is refused.
   */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; tests point it at a stand-in on 127.0.0.1. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default("https://api.stripe.com")
    .transform((value) => value.replace(/\/+$/, "")),
  IPINFO_TOKEN: optionalString,
  /** ipinfo's address; tests point it at a stand-in on 127.0.0.1. */
  IPINFO_BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default("https://ipinfo.io")
    .transform((value) => value.replace(/\/+$/, "")),
  /** How many visitors' detected locations are kept in memory (least recently used go first). */
  GEO_CACHE_SIZE: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: trustProxySetting,
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(10),
  /**
   * How long a worker keeps a claimed outbox row before another may claim it: a process killed
   * mid-send leaves its rows to be sent again after this long.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(120).default(60),
  /**
   * The longest the email and text workers wait between looks. A stored row wakes them at once
   * (migration 0050's notice) and a retry at its back-off's end: the poll is the fallback for a
   * notice lost while the database listener reconnected.
   */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  /** With the backoff capped at 5 minutes, 300 attempts keep retrying for about a day. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(300),
  OUTBOX_BACKOFF_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  OUTBOX_BACKOFF_MAX_MS: z.coerce.number().int().min(1).default(300_000),
  /** Connecting to the SMTP server and its greeting; any later reply may take twice as long. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(10).default(5_000),
  /** Connecting to PostgreSQL: an unreachable server fails a submission (503) within this. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(10).default(2_000),
  /** PostgreSQL cancels a statement running longer than this. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /** A client must send a request's headers within this, and the whole request within the next. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(10).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(10).default(30_000),
  /**
   * An idle kept-alive connection is closed after this. Longer than a load balancer's idle time
   * (60 s is usual), so the balancer never reuses a connection just as the app closes it; a
   * client that drops it a second before the announced time (as Node's does) then never meets
   * the close either, even while this process is busy for a second or two.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  /** Photos posted to a private request page get this long (50 MB at about 1.5 Mbit/s). */
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(10).default(300_000),
  /** On SIGTERM, requests in flight and the email being sent get this long to finish. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(10).default(10_000),
  /** The most memory the page cache may hold, all pages together, in megabytes (0 keeps none). */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).default(32),
  /** Sent emails keep their bodies this long; then only who, what and when remain. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Places per arrival window per office per day, unless an owner set the weekday in the desk. */
  WINDOW_CAPACITY: z.coerce.number().int().min(0).max(1_000_000).default(4),
  /** How many days ahead a homeowner may ask for a visit (the preferred date). */
  BOOKING_DAYS_AHEAD: z.coerce.number().int().min(1).max(3_650).default(defaultBookingDaysAhead),
  /** Window places one client address (IPv6: its /64) may hold in 24 hours; 0: no limit. */
  PLACES_PER_CLIENT: z.coerce.number().int().min(0).default(3),
  /** Emails to one customer address in 24 hours, whatever causes them; 0: no limit. */
  CUSTOMER_EMAILS_PER_DAY: z.coerce.number().int().min(0).default(10),
  /** How long after Done the review request goes (never in quiet hours; then at the next 8:00). */
  REVIEW_REQUEST_DELAY_MINUTES: z.coerce.number().int().min(0).max(43_200).default(120),
  /**
   * Tests only: a file holding an ISO instant or a signed offset in milliseconds ("+7200000") that
   * the server's clock reads (the review request's two hours pass in a journey), and only with
   * `ALLOW_TEST_CLOCK=1` beside it (server/test-clock.ts). Unset: real time.
   */
  TEST_CLOCK_FILE: optionalString,
  ALLOW_TEST_CLOCK: z
    .enum(["", "0", "1"], { message: 'must be "1" (TEST_CLOCK_FILE moves the clock) or unset' })
    .optional()
    .transform((value) => value === "1"),
});

const configSchema = configFields.refine(
  (config) => config.HTTP_HEADERS_TIMEOUT_MS <= config.HTTP_REQUEST_TIMEOUT_MS,
  { path: ["HTTP_HEADERS_TIMEOUT_MS"], message: "must not exceed HTTP_REQUEST_TIMEOUT_MS" },
);

export type ServerConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once at start-up; a bad value names its variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}`);
  }
  return result.data;
}

export function mailFromAddress(config: ServerConfig): string {
  return config.MAIL_FROM ?? `no-reply@${new URL(config.SITE_URL).hostname}`;
}
