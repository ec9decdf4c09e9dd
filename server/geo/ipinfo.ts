import { z } from "zod";

import { countryNameFor } from "~/lib/countries";
import type { DetectedLocation } from "~/lib/detected-location";

import type { IpAddress } from "./ip-address";

export const ipinfoTimeoutMs = 1_000;

const text = z.string().trim().catch("");

// ipinfo's `/json` answer; a field it leaves out (a free plan's, a bogon's) reads "".
const ipinfoAnswerSchema = z.object({
  city: text,
  region: text,
  country: text,
  loc: text,
  org: text,
  postal: text,
  timezone: text,
});

export interface IpinfoRequest {
  fetch: typeof fetch;
  baseUrl: string;
  token: string;
  ip: IpAddress;
  /** Aborts the request early (the service closing); the time-out applies regardless. */
  signal: AbortSignal;
}

/** Asks ipinfo where an address is; throws with a reason on any failure. */
export async function lookupWithIpinfo({
  fetch,
  baseUrl,
  token,
  ip,
  signal,
}: IpinfoRequest): Promise<DetectedLocation> {
  // The address is a parsed one (digits, dots, colons): safe in the path as it is.
  const url = `${baseUrl}/${ip.address}/json?token=${encodeURIComponent(token)}`;
  const timeout = AbortSignal.timeout(ipinfoTimeoutMs);
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.any([timeout, signal]),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`ipinfo answered ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (timeout.aborted)
      throw new Error(`ipinfo did not answer within ${ipinfoTimeoutMs} ms`, { cause: error });
    throw error;
  }
  const parsed = ipinfoAnswerSchema.safeParse(body);
  if (!parsed.success) throw new Error("ipinfo's answer is not a JSON object");
  const answer = parsed.data;
  const country = answer.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new Error("ipinfo's answer has no country");
  return {
    ip: ip.address,
    city: answer.city,
    region: answer.region,
    country,
    countryName: countryNameFor(country),
    loc: answer.loc,
    org: answer.org,
    postal: answer.postal,
    timezone: answer.timezone,
    isLocationDetected: true,
  };
}
