/**
 * Where a visitor came from, first-party only: on a page that arrives with campaign parameters
 * (`utm_*`), an ad click id or an outside referrer, the server keeps what it says (verbatim, case
 * kept), the landing path and the time in one cookie of the visitor's own (`HttpOnly`,
 * `SameSite=Lax`, 90 days, under 1 KB). The first such visit stays the first touch; the latest is
 * the last touch (a visit with neither is direct and changes nothing). A request or a message
 * sent later carries both. No script reads or writes it, and a page served to everyone (the page
 * cache's) never sets it: see ../app.ts.
 */
import { touchParams, type Touch, type TouchParam, type VisitSource } from "~/domain/visit-source";

/** The cookie's name: the visitor's own visit source, on every path. */
export const visitSourceCookie = "visit_source";

/** 90 days, in seconds. */
export const visitSourceMaxAgeSeconds = 90 * 24 * 60 * 60;

/** What a cookie may weigh, its name and attributes included (browsers keep 4 KB; we keep 1). */
export const visitSourceMaxBytes = 1024;

/** The longest value kept of one parameter: a click id is about 100 characters. */
const maxParamLength = 200;
const maxLandingLength = 200;
const maxHostLength = 253;
/** What a stored value may hold: printable ASCII, no cookie or header separators once encoded. */
const printable = /^[\x20-\x7e]*$/;
const hostPattern = /^[a-z0-9.-]+$/;

/**
 * The touch a page request makes: its parameters and its outside referrer, or null when it has
 * neither (a direct visit, a link inside the site). `ownHosts`: the site's own names.
 */
export function touchOf(
  url: URL,
  referer: string | undefined,
  ownHosts: readonly string[],
  at: Date,
): Touch | null {
  const params: Partial<Record<TouchParam, string>> = {};
  for (const name of Object.keys(touchParams) as TouchParam[]) {
    const value = url.searchParams.get(name)?.trim();
    if (value && value.length <= maxParamLength && printable.test(value)) params[name] = value;
  }
  const referrer = outsideHost(referer, [url.hostname, ...ownHosts]);
  if (Object.keys(params).length === 0 && referrer === null) return null;
  return {
    params,
    referrer,
    landing: url.pathname.slice(0, maxLandingLength),
    at: at.toISOString(),
  };
}

function outsideHost(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer) return null;
  let host: string;
  try {
    const parsed = new URL(referer);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    host = parsed.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host === "" || host.length > maxHostLength || !hostPattern.test(host)) return null;
  const own = ownHosts.map((name) => name.toLowerCase().replace(/^www\./, ""));
  return own.includes(host.replace(/^www\./, "")) ? null : host;
}

/** The visit source after `touch`: the first touch kept, the last one replaced. */
export function nextVisitSource(previous: VisitSource | null, touch: Touch): VisitSource {
  return { first: previous?.first ?? touch, last: touch };
}

/** A touch as the cookie keeps it, by short keys (a shed field is undefined: JSON leaves it out). */
type StoredTouch = Record<string, string | undefined>;

function storedTouch(touch: Touch): StoredTouch {
  const stored: StoredTouch = { p: touch.landing, a: touch.at };
  if (touch.referrer) stored.r = touch.referrer;
  for (const [name, key] of Object.entries(touchParams) as [TouchParam, string][]) {
    const value = touch.params[name];
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

function touchFromStored(stored: unknown): Touch | null {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const fields = stored as Record<string, unknown>;
  const text = (key: string, max: number) => {
    const value = fields[key];
    return typeof value === "string" && value.length <= max && printable.test(value)
      ? value
      : undefined;
  };
  const landing = text("p", maxLandingLength);
  const at = text("a", 40);
  if (landing === undefined || !landing.startsWith("/") || at === undefined) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  const referrer = text("r", maxHostLength);
  if (referrer !== undefined && !hostPattern.test(referrer)) return null;
  const params: Partial<Record<TouchParam, string>> = {};
  for (const [name, key] of Object.entries(touchParams) as [TouchParam, string][]) {
    const value = text(key, maxParamLength);
    if (value !== undefined && value !== "") params[name] = value;
  }
  return { params, referrer: referrer ?? null, landing, at: new Date(at).toISOString() };
}

/**
 * The cookie's value for `source`: base64url of its JSON, within `visitSourceMaxBytes` with its
 * name and attributes. Too long (long campaign names, two click ids), the least telling
 * parameters go first, the last touch's before the first's; the click ids stay longest.
 */
export function encodeVisitSource(source: VisitSource): string {
  const stored = { f: storedTouch(source.first), l: storedTouch(source.last) };
  const shedding = ["n", "t", "fb", "ms", "wb", "gb", "p", "c", "m", "r", "s", "g"];
  const encode = () => Buffer.from(JSON.stringify(stored)).toString("base64url");
  const fits = (value: string) => setCookieOf(value, true).length <= visitSourceMaxBytes;
  let value = encode();
  for (const key of shedding) {
    for (const touch of [stored.l, stored.f]) {
      if (fits(value)) return value;
      if (key === "p") touch.p = "/";
      else touch[key] = undefined;
      value = encode();
    }
  }
  return value;
}

/** The visit source a cookie's value holds, or null when it holds none we wrote (never throws). */
export function decodeVisitSource(value: string | undefined): VisitSource | null {
  if (!value || value.length > visitSourceMaxBytes || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { f, l } = parsed as { f?: unknown; l?: unknown };
  const first = touchFromStored(f);
  const last = touchFromStored(l);
  return first && last ? { first, last } : null;
}

/** The `Set-Cookie` header that keeps `value` for 90 days, for the site's every path. */
export function setCookieOf(value: string, secure: boolean): string {
  return `${visitSourceCookie}=${value}; Path=/; Max-Age=${visitSourceMaxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The cookie's value in a `Cookie` header, if it is there. */
export function visitSourceIn(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === visitSourceCookie) return rest.join("=");
  }
  return undefined;
}
