import { Socket } from "node:net";

import express from "express";
import { expect, test } from "vitest";

import { parseConfig } from "../config";
import { clientIp, compileTrustProxy } from "./client-ip";

function request(remoteAddress: string | undefined, forwardedFor?: string) {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  return {
    socket,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  };
}

const noProxy = compileTrustProxy(0);
const oneProxy = compileTrustProxy(1);
const twoProxies = compileTrustProxy(2);

test("without a trusted proxy, the socket's address is the visitor's, whatever the header says", () => {
  expect(clientIp(request("203.0.113.7", "128.83.1.1"), noProxy)).toBe("203.0.113.7");
  expect(clientIp(request("::ffff:128.83.1.1"), noProxy)).toBe("128.83.1.1");
  expect(clientIp(request("2620:c4::1"), noProxy)).toBe("2620:c4::1");
  expect(clientIp(request("::1"), noProxy)).toBe("::1");
  expect(clientIp(request(undefined), noProxy)).toBe("");
});

test("behind one proxy, the right-most X-Forwarded-For entry (the one it added) is the visitor's", () => {
  expect(clientIp(request("10.0.0.2", "128.83.1.1"), oneProxy)).toBe("128.83.1.1");
  // Whatever the client wrote before it is never read.
  expect(clientIp(request("10.0.0.2", "1.2.3.4, 128.6.1.1"), oneProxy)).toBe("128.6.1.1");
  // Node joins repeated X-Forwarded-For headers with ", ".
  expect(clientIp(request("10.0.0.2", "18.9.22.69, 152.2.1.1"), oneProxy)).toBe("152.2.1.1");
  expect(clientIp(request("10.0.0.2", "::ffff:152.2.1.1"), oneProxy)).toBe("152.2.1.1");
  expect(clientIp(request("10.0.0.2", "2620:c4::1"), oneProxy)).toBe("2620:c4::1");
});

test("behind two proxies, the second entry from the right", () => {
  expect(clientIp(request("10.0.0.2", " 6.6.6.6, 128.6.1.1 , 10.0.0.1"), twoProxies)).toBe(
    "128.6.1.1",
  );
  // A chain shorter than the proxies named: the left-most address there is.
  expect(clientIp(request("10.0.0.2", "128.6.1.1"), twoProxies)).toBe("128.6.1.1");
});

test("named proxies: the right-most address that is not one of them", () => {
  const trusted = compileTrustProxy(["10.0.0.0/8", "loopback"]);
  expect(clientIp(request("127.0.0.1", "6.6.6.6, 128.6.1.1, 10.0.0.9"), trusted)).toBe("128.6.1.1");
  // A socket that is not one of them is the visitor, whatever it sends.
  expect(clientIp(request("203.0.113.7", "128.6.1.1"), trusted)).toBe("203.0.113.7");
});

test("a port some proxies add to the forwarded address is dropped", () => {
  expect(clientIp(request("10.0.0.2", "128.227.1.1:51234"), oneProxy)).toBe("128.227.1.1");
  expect(clientIp(request("10.0.0.2", "[2620:c4::1]:443"), oneProxy)).toBe("2620:c4::1");
});

test("behind a trusted proxy without the header, the socket's address is used", () => {
  expect(clientIp(request("::ffff:10.0.0.2"), oneProxy)).toBe("10.0.0.2");
  expect(clientIp(request("10.0.0.2", ""), oneProxy)).toBe("10.0.0.2");
});

test("Express's req.ip under the same rule is the same address", async () => {
  const app = express();
  app.set("trust proxy", twoProxies);
  const socket = request("10.0.0.2", "6.6.6.6, 128.6.1.1, 10.0.0.1");
  const req = Object.assign(Object.create(app.request) as express.Request, socket, { app });
  expect(req.ip).toBe(clientIp(socket, twoProxies));
});

test("TRUST_PROXY takes a hop count or addresses; a bare flag is refused", () => {
  expect(parseConfig({}).TRUST_PROXY).toBe(0);
  expect(parseConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
  expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toEqual([
    "10.0.0.0/8",
    "loopback",
  ]);
  expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY must be the number/);
  expect(() => parseConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  expect(() => parseConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
});
