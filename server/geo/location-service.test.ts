import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";

import { notDetected } from "~/lib/detected-location";

import { parseConfig } from "../config";
import { createLocationService, type LocationService } from "./location-service";
import { foreignTestAddress, ipv6TestAddress, stateTestAddresses } from "./test-addresses";

let offline: LocationService;

beforeAll(async () => {
  offline = await createLocationService({ config: parseConfig({}) });
});
afterAll(() => offline.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Records console.warn lines (the only log a failed detection writes) and fails on errors. */
function watchLogs() {
  const warnings: string[] = [];
  vi.spyOn(console, "warn").mockImplementation((line: unknown) => {
    warnings.push(String(line));
  });
  const errors = vi.spyOn(console, "error");
  return { warnings, errors };
}

/** A stand-in for ipinfo on 127.0.0.1 whose handler each test picks. */
async function startIpinfoStandIn(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void,
) {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    handle(req, res, url);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ipinfoAnswer = {
  ip: "128.83.1.1",
  hostname: "example.utexas.edu",
  city: "Round Rock",
  region: "Texas",
  country: "US",
  loc: "30.5083,-97.6789",
  org: "AS18 University of Texas at Austin",
  postal: "78664",
  timezone: "America/Chicago",
};

for (const [state, ip] of Object.entries(stateTestAddresses)) {
  test(`an address in ${state} is detected in ${state}, United States`, async () => {
    const location = await offline.lookup(ip);
    expect(location).toMatchObject({
      ip,
      region: state,
      country: "US",
      countryName: "United States",
      isLocationDetected: true,
    });
    expect(location.city).not.toBe("");
    expect(location.loc).toMatch(/^\d+\.\d{4},-\d+\.\d{4}$/);
    expect(location.timezone).toBe(state === "Texas" ? "America/Chicago" : "America/New_York");
    expect(location.org).toMatch(/^AS\d+ /);
  });
}

test("the Texas address is the University of Texas network in Austin", async () => {
  expect(await offline.lookup(stateTestAddresses.Texas)).toMatchObject({
    city: "Austin",
    org: "AS18 University of Texas at Austin",
  });
});

test("an address abroad is detected with its country's name", async () => {
  expect(await offline.lookup(foreignTestAddress)).toMatchObject({
    ip: foreignTestAddress,
    country: "GB",
    countryName: "United Kingdom",
    timezone: "Europe/London",
    isLocationDetected: true,
  });
});

test("a real IPv6 address is detected", async () => {
  const location = await offline.lookup(ipv6TestAddress);
  expect(location).toMatchObject({
    ip: "2620:c4::1",
    region: "New Jersey",
    country: "US",
    isLocationDetected: true,
  });
  expect(location.org).toMatch(/^AS88 Princeton/);
});

test("an IPv4-mapped IPv6 address is looked up as the IPv4 address", async () => {
  for (const mapped of ["::ffff:128.83.1.1", "::FFFF:8053:101", "0:0:0:0:0:ffff:128.83.1.1"]) {
    expect(await offline.lookup(mapped)).toMatchObject({ ip: "128.83.1.1", region: "Texas" });
  }
});

test("private, shared, loopback and unspecified addresses are not detected, and nothing is logged", async () => {
  const { warnings, errors } = watchLogs();
  const addresses = [
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "100.64.0.1",
    "127.0.0.1",
    "0.0.0.0",
    "169.254.169.254",
    "::1",
    "::",
    "fd12:3456:789a::1",
    "fe80::1",
    "fe80::1%eth0",
    "::ffff:192.168.1.10",
    "::ffff:127.0.0.1",
  ];
  for (const ip of addresses) expect(await offline.lookup(ip), ip).toEqual(notDetected);
  expect(warnings).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
});

test("malformed addresses are not detected, and nothing is logged", async () => {
  const { warnings, errors } = watchLogs();
  for (const ip of [
    "not-an-ip",
    "",
    "   ",
    "1.2.3",
    "256.1.1.1",
    "1.2.3.4.5",
    "::g",
    "1.2.3.4, 5.6.7.8",
  ]) {
    expect(await offline.lookup(ip), ip).toEqual(notDetected);
  }
  expect(warnings).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
});

test("a public address the database does not place is not detected", async () => {
  expect(await offline.lookup("192.0.2.1")).toEqual(notDetected); // documentation range
});

test("with a token, ipinfo's answer is used, and a second lookup is served from the cache", async () => {
  const ipinfo = await startIpinfoStandIn((_req, res, url) => {
    if (url.searchParams.get("token") !== "test-token") {
      res.writeHead(403).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(ipinfoAnswer));
  });
  let fetchCalls = 0;
  const countingFetch: typeof fetch = (input, init) => {
    fetchCalls += 1;
    return fetch(input, init);
  };
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: `${ipinfo.baseUrl}/` }),
    fetch: countingFetch,
  });
  try {
    const first = await service.lookup("::ffff:128.83.1.1");
    expect(first).toEqual({
      ip: "128.83.1.1",
      city: "Round Rock",
      region: "Texas",
      country: "US",
      countryName: "United States",
      loc: "30.5083,-97.6789",
      org: "AS18 University of Texas at Austin",
      postal: "78664",
      timezone: "America/Chicago",
      isLocationDetected: true,
    });
    expect(ipinfo.requests.map((url) => url.pathname)).toEqual(["/128.83.1.1/json"]);

    expect(await service.lookup("128.83.1.1")).toEqual(first);
    await Promise.all([service.lookup(foreignTestAddress), service.lookup(foreignTestAddress)]);
    expect(fetchCalls).toBe(2);
    expect(ipinfo.requests).toHaveLength(2);
  } finally {
    await service.close();
    await ipinfo.close();
  }
});

test("an IPv6 address is asked of ipinfo as it is written", async () => {
  const ipinfo = await startIpinfoStandIn((_req, res) => {
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ ...ipinfoAnswer, ip: ipv6TestAddress, org: "" }));
  });
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: ipinfo.baseUrl }),
  });
  try {
    const location = await service.lookup(ipv6TestAddress);
    expect(ipinfo.requests.map((url) => url.pathname)).toEqual([`/${ipv6TestAddress}/json`]);
    // ipinfo left the organization out: the ASN table fills it in.
    expect(location).toMatchObject({ ip: ipv6TestAddress, city: "Round Rock" });
    expect(location.org).toMatch(/^AS88 Princeton/);
  } finally {
    await service.close();
    await ipinfo.close();
  }
});

test("the cache is bounded: the least recently used address is looked up again", async () => {
  const ipinfo = await startIpinfoStandIn((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(ipinfoAnswer));
  });
  const service = await createLocationService({
    config: parseConfig({
      IPINFO_TOKEN: "test-token",
      IPINFO_BASE_URL: ipinfo.baseUrl,
      GEO_CACHE_SIZE: "2",
    }),
  });
  try {
    const [virginia, florida, texas] = [
      stateTestAddresses.Virginia,
      stateTestAddresses.Florida,
      stateTestAddresses.Texas,
    ];
    for (const ip of [virginia, florida, virginia, texas, virginia, florida]) {
      await service.lookup(ip);
    }
    // Florida was pushed out by Texas; Virginia, used again each time, stayed.
    expect(ipinfo.requests.map((url) => url.pathname.split("/")[1])).toEqual([
      virginia,
      florida,
      texas,
      florida,
    ]);
  } finally {
    await service.close();
    await ipinfo.close();
  }
});

test("when ipinfo is slow, the database answers within the 1 s time-out", async () => {
  const ipinfo = await startIpinfoStandIn((_req, res) => {
    const timer = setTimeout(() => {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(ipinfoAnswer));
    }, 3_000);
    res.on("close", () => clearTimeout(timer));
  });
  const { warnings, errors } = watchLogs();
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: ipinfo.baseUrl }),
  });
  try {
    const started = performance.now();
    const location = await service.lookup(stateTestAddresses.Texas);
    const elapsed = performance.now() - started;
    expect(location).toMatchObject({ city: "Austin", region: "Texas", isLocationDetected: true });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2_500);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Failed to detect location: ipinfo did not answer within 1000 ms/);
    expect(errors).not.toHaveBeenCalled();
  } finally {
    await service.close();
    await ipinfo.close();
  }
});

test("when ipinfo fails or answers nonsense, the database answers and one line is logged", async () => {
  const answers: Record<string, (res: ServerResponse) => void> = {
    [stateTestAddresses.Virginia]: (res) => res.writeHead(500).end("Internal Server Error"),
    [stateTestAddresses.Florida]: (res) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end("{ not json"),
    [stateTestAddresses.Massachusetts]: (res) =>
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ ip: stateTestAddresses.Massachusetts, bogon: true })),
  };
  const ipinfo = await startIpinfoStandIn((_req, res, url) => {
    answers[url.pathname.split("/")[1] ?? ""]?.(res);
  });
  const { warnings, errors } = watchLogs();
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: ipinfo.baseUrl }),
  });
  try {
    expect(await service.lookup(stateTestAddresses.Virginia)).toMatchObject({
      region: "Virginia",
      isLocationDetected: true,
    });
    expect(await service.lookup(stateTestAddresses.Florida)).toMatchObject({ region: "Florida" });
    expect(await service.lookup(stateTestAddresses.Massachusetts)).toMatchObject({
      region: "Massachusetts",
    });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe("Failed to detect location: ipinfo answered 500");
    for (const line of warnings) expect(line).toMatch(/^Failed to detect location: \S/);
    expect(warnings[2]).toBe("Failed to detect location: ipinfo's answer has no country");
    expect(errors).not.toHaveBeenCalled();
  } finally {
    await service.close();
    await ipinfo.close();
  }
});

test("when ipinfo cannot be reached, the database answers", async () => {
  const ipinfo = await startIpinfoStandIn(() => undefined);
  await ipinfo.close(); // nothing listens on that port any more
  const { warnings } = watchLogs();
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: ipinfo.baseUrl }),
  });
  try {
    expect(await service.lookup(stateTestAddresses["North Carolina"])).toMatchObject({
      region: "North Carolina",
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Failed to detect location: fetch failed/);
  } finally {
    await service.close();
  }
});

test("private addresses never reach ipinfo", async () => {
  let fetchCalls = 0;
  const service = await createLocationService({
    config: parseConfig({ IPINFO_TOKEN: "test-token", IPINFO_BASE_URL: "http://127.0.0.1:9" }),
    fetch: (input, init) => {
      fetchCalls += 1;
      return fetch(input, init);
    },
  });
  try {
    for (const ip of ["10.0.0.1", "127.0.0.1", "::1", "not-an-ip", ""]) {
      expect(await service.lookup(ip)).toEqual(notDetected);
    }
    expect(fetchCalls).toBe(0);
  } finally {
    await service.close();
  }
});
