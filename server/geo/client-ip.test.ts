import { Socket } from "node:net";

import { expect, test } from "vitest";

import { clientIp } from "./client-ip";

function request(remoteAddress: string | undefined, forwardedFor?: string | string[]) {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  return {
    socket,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  };
}

test("without a trusted proxy, the socket's address is the visitor's, whatever the header says", () => {
  expect(clientIp(request("203.0.113.7", "128.83.1.1"), false)).toBe("203.0.113.7");
  expect(clientIp(request("::ffff:128.83.1.1"), false)).toBe("128.83.1.1");
  expect(clientIp(request("2620:c4::1"), false)).toBe("2620:c4::1");
  expect(clientIp(request("::1"), false)).toBe("::1");
  expect(clientIp(request(undefined), false)).toBe("");
});

test("behind a trusted proxy, the left-most X-Forwarded-For address is the visitor's", () => {
  expect(clientIp(request("10.0.0.2", "128.83.1.1"), true)).toBe("128.83.1.1");
  expect(clientIp(request("10.0.0.2", " 128.6.1.1 , 10.0.0.1, 10.0.0.2"), true)).toBe("128.6.1.1");
  expect(clientIp(request("10.0.0.2", "::ffff:152.2.1.1, 10.0.0.1"), true)).toBe("152.2.1.1");
  expect(clientIp(request("10.0.0.2", "2620:c4::1"), true)).toBe("2620:c4::1");
  expect(clientIp(request("10.0.0.2", ["18.9.22.69", "10.0.0.1"]), true)).toBe("18.9.22.69");
});

test("a port some proxies add to the forwarded address is dropped", () => {
  expect(clientIp(request("10.0.0.2", "128.227.1.1:51234"), true)).toBe("128.227.1.1");
  expect(clientIp(request("10.0.0.2", "[2620:c4::1]:443"), true)).toBe("2620:c4::1");
});

test("behind a trusted proxy without the header, the socket's address is used", () => {
  expect(clientIp(request("::ffff:10.0.0.2"), true)).toBe("10.0.0.2");
  expect(clientIp(request("10.0.0.2", ""), true)).toBe("10.0.0.2");
});
