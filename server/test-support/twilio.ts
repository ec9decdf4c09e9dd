/**
 * A stand-in for Twilio's Messages API on 127.0.0.1, speaking its shape: `POST /2010-04-01/
 * Accounts/{sid}/Messages.json`, Basic auth, form fields To, From, Body, StatusCallback; a 201
 * with the message's JSON. It can misbehave on purpose, a given number of times: answer 500,
 * close the connection before reading the request, or take the message and lose the answer.
 * It also plays the provider's webhooks: a signed delivery callback, a signed inbound text,
 * signed here as Twilio documents it, not by the app's own `twilioSignature` (the code under
 * test must not grade itself; server/texts/webhooks.test.ts holds it to Twilio's example).
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ReceivedText {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

export type Misbehaviour = "answer-500" | "close-before-reading" | "lose-answer";

export interface TwilioStandIn {
  /** `TWILIO_*` and `SMS_FROM` for a server that texts through this stand-in. */
  env: Record<string, string>;
  accountSid: string;
  authToken: string;
  /** The messages it accepted, in order. */
  received: ReceivedText[];
  /** How many requests reached it (accepted or not). */
  attempts: number;
  /** The next `times` requests misbehave as said. */
  misbehave(how: Misbehaviour, times: number): void;
  /** `X-Twilio-Signature` for a form posted to `url`, made with this stand-in's auth token. */
  sign(url: string, fields: Record<string, string>): string;
  /** Posts a signed form to the app (a delivery callback, an inbound text). */
  signedPost(
    appBaseUrl: string,
    siteUrl: string,
    path: string,
    fields: Record<string, string>,
    signature?: string,
  ): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Twilio's request signature: base64 of HMAC-SHA1, keyed with the auth token, over the full URL
 * followed by each POST field's name and value, the names in byte order.
 */
function signatureFor(authToken: string, url: string, fields: Record<string, string>): string {
  const names = Object.keys(fields).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const hmac = createHmac("sha1", authToken);
  hmac.update(url, "utf8");
  for (const name of names) hmac.update(`${name}${fields[name]}`, "utf8");
  return hmac.digest("base64");
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+17135550100";
  const received: ReceivedText[] = [];
  const queue: Misbehaviour[] = [];
  let attempts = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer(async (request, response) => {
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.method !== "POST" || request.url !== path) {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: 20404, message: "Not found", status: 404 }));
      return;
    }
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      return;
    }
    const how = queue.shift();
    const form = new URLSearchParams(await readBody(request));
    if (how === "answer-500") {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: 20500, message: "Internal Server Error", status: 500 }));
      return;
    }
    const sid = `SM${randomBytes(16).toString("hex")}`;
    received.push({
      sid,
      to: form.get("To") ?? "",
      from: form.get("From") ?? "",
      body: form.get("Body") ?? "",
      statusCallback: form.get("StatusCallback"),
    });
    if (how === "lose-answer") {
      request.socket.destroy();
      return;
    }
    response.writeHead(201, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({
        sid,
        account_sid: accountSid,
        to: form.get("To"),
        from: form.get("From"),
        body: form.get("Body"),
        status: "queued",
        num_segments: "1",
        date_created: new Date().toUTCString(),
      }),
    );
  });
  server.on("connection", (socket: Socket) => {
    attempts += 1;
    if (queue[0] === "close-before-reading") {
      queue.shift();
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      SMS_FROM: from,
      TWILIO_API_BASE: base,
      TEXT_TIMEOUT_MS: "2000",
    },
    accountSid,
    authToken,
    received,
    get attempts() {
      return attempts;
    },
    misbehave(how, times) {
      for (let i = 0; i < times; i += 1) queue.push(how);
    },
    sign(url, fields) {
      return signatureFor(authToken, url, fields);
    },
    signedPost(appBaseUrl, siteUrl, path, fields, signature) {
      return fetch(`${appBaseUrl}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": signature ?? signatureFor(authToken, `${siteUrl}${path}`, fields),
        },
        body: new URLSearchParams(fields),
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
