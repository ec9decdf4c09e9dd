import type http from "node:http";
import httpClient from "node:http";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { parseConfig } from "./config";
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
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
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

describe("An upload answered before its body arrives", () => {
  let listening: HttpServer;

  beforeAll(async () => {
    // As the private page does for an unknown link (or an upload past a budget): answers at
    // once and reads nothing; a known link's upload is read whole.
    const handler: http.RequestListener = (req, res) => {
      if (req.url?.startsWith("/requests/unknown")) {
        res.statusCode = 404;
        res.end("Not found");
        return;
      }
      let size = 0;
      req.on("data", (chunk: Buffer) => (size += chunk.byteLength));
      req.on("end", () => res.end(`read ${size}`));
    };
    // The upload time-out is long, as in production: only closing the connection ends it soon.
    listening = await startHttpServer(handler, {
      PORT: 0,
      HOST: "127.0.0.1",
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 10_000,
      HTTP_UPLOAD_TIMEOUT_MS: 300_000,
      // The upload helper waits for the connection to close, which a kept-alive one does idle.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 1_000,
    });
  });
  afterAll(async () => {
    await listening?.stop(async () => {}, 1_000);
  });

  /**
   * Sends the head of a 20 MB upload, then 64 KB more whenever the server takes it, until the
   * server ends the connection; answers what came back and how much of the body was sent.
   */
  function upload(path: string) {
    const total = 20 * 1024 * 1024;
    return new Promise<{ answer: string; sent: number; ended: boolean }>((resolve) => {
      const socket = net.connect(listening.port, "127.0.0.1");
      let answer = "";
      let sent = 0;
      let ended = false;
      const piece = Buffer.alloc(64 * 1024, 97);
      const send = () => {
        while (sent < total && !socket.destroyed) {
          sent += piece.length;
          if (!socket.write(piece)) return;
        }
      };
      socket.setEncoding("utf8");
      socket.on("data", (data: string) => (answer += data));
      socket.on("drain", send);
      socket.on("end", () => {
        ended = true;
        socket.destroy();
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ answer, sent, ended }));
      socket.write(post(path, total).replace("Connection: close\r\n", ""));
      send();
    });
  }

  test("a POST to an unknown link is answered 404 and its connection closed at once, the body unread", async () => {
    const { answer, sent, ended } = await upload("/requests/unknown-link");
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(ended).toBe(true);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  test("a known link's upload is read whole and answered", async () => {
    const { answer } = await upload("/requests/known-link");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain(`read ${20 * 1024 * 1024}`);
  });
});

describe("Kept-alive connections", () => {
  /**
   * Node's client drops an idle connection a second before the time the server announces; a
   * server that closes at Node's own 5 s, while busy for longer than that second, meets a request
   * already sent on the connection it closes (ECONNRESET). The default outlasts a load
   * balancer's 60 s idle time as well.
   */
  test("stay open 65 s by default, and the client is told so", async () => {
    const config = parseConfig({ PORT: "0", HOST: "127.0.0.1" });
    const listening = await startHttpServer((_req, res) => res.end("ok"), config);
    try {
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const agent = new httpClient.Agent({ keepAlive: true });
        httpClient
          .get({ host: "127.0.0.1", port: listening.port, path: "/", agent }, (res) => {
            res.resume();
            res.on("end", () => {
              agent.destroy();
              resolve(res);
            });
          })
          .on("error", reject);
      });
      expect(answer.headers["keep-alive"]).toBe("timeout=65");
      expect(listening.server.keepAliveTimeout).toBe(65_000);
    } finally {
      await listening.stop(async () => {}, 1_000);
    }
  });
});
