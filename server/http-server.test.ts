import type http from "node:http";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startHttpServer, type HttpServer } from "./http-server";
import { trickle } from "./test-support/trickle";

const headersTimeoutMs = 400;
const requestTimeoutMs = 800;
const uploadTimeoutMs = 2_500;

function post(path: string, length: number) {
  return [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Content-Type: multipart/form-data; boundary=x",
    `Content-Length: ${length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
}

describe("The listener's time-outs", () => {
  let listening: HttpServer;

  beforeAll(async () => {
    // Reads the whole body, as the form actions do, then answers with its size.
    const handler: http.RequestListener = (req, res) => {
      let size = 0;
      req.on("data", (chunk: Buffer) => (size += chunk.byteLength));
      req.on("end", () => res.end(`read ${size}`));
    };
    listening = await startHttpServer(handler, {
      PORT: 0,
      HOST: "127.0.0.1",
      HTTP_HEADERS_TIMEOUT_MS: headersTimeoutMs,
      HTTP_REQUEST_TIMEOUT_MS: requestTimeoutMs,
      HTTP_UPLOAD_TIMEOUT_MS: uploadTimeoutMs,
    });
  });
  afterAll(async () => {
    await listening?.stop(async () => {}, 1_000);
  });

  test("photos posted to a private request page may take longer than that, and arrive whole", async () => {
    const { answer, closedAfterMs } = await trickle(
      listening.port,
      [post("/requests/some-link", 15), ...Array<string>(15).fill("a")],
      100,
    );
    expect(closedAfterMs).toBeGreaterThan(requestTimeoutMs);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/read 15$/);
  });

  test("an upload slower still is cut off at the upload time-out", async () => {
    const { answer, closedAfterMs } = await trickle(
      listening.port,
      [post("/requests/some-link.data", 100), ...Array<string>(100).fill("a")],
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(uploadTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(uploadTimeoutMs + 1_500);
  });

  test("only POSTs to a private request page count as uploads", async () => {
    const { answer } = await trickle(
      listening.port,
      [post("/requests/some-link/more", 40), ...Array<string>(40).fill("a")],
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
