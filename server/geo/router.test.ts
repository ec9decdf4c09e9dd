import { once } from "node:events";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";

import { notDetected } from "~/lib/detected-location";

import { parseConfig } from "../config";
import { compileTrustProxy } from "./client-ip";
import { createLocationService, type LocationService } from "./location-service";
import { createLocationRouter } from "./router";
import { stateTestAddresses } from "./test-addresses";

let locations: LocationService;
const servers: ReturnType<express.Express["listen"]>[] = [];

async function serve(proxies: number): Promise<string> {
  const app = express().use(
    "/api",
    createLocationRouter({ locations, trustProxy: compileTrustProxy(proxies) }),
  );
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  locations = await createLocationService({ config: parseConfig({}) });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await locations.close();
});

test("GET /api/location answers the detected location of the forwarded address, never cached", async () => {
  // Two proxies: the visitor's address is the second entry from the right.
  const origin = await serve(2);
  const response = await fetch(`${origin}/api/location`, {
    headers: { "X-Forwarded-For": `${stateTestAddresses.Florida}, 10.0.0.1` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.json()).toMatchObject({
    ip: stateTestAddresses.Florida,
    region: "Florida",
    country: "US",
    countryName: "United States",
    isLocationDetected: true,
  });
});

test("without a trusted proxy the header is ignored: a local visitor is not detected", async () => {
  const origin = await serve(0);
  const response = await fetch(`${origin}/api/location`, {
    headers: { "X-Forwarded-For": stateTestAddresses.Florida },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(await response.json()).toEqual(notDetected);
});
