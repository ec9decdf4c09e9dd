/**
 * Hands one text to the provider: Twilio's Messages API (`POST {base}/2010-04-01/Accounts/{sid}/
 * Messages.json`, Basic auth), or a file under `data/sms/` when no provider is configured.
 *
 * What matters is knowing whether the provider may have the message. The request asks
 * `Expect: 100-continue` and writes the body only once the provider says go on (or after a
 * second without a word, as curl does): a connection that fails or closes before the body was
 * written certainly delivered nothing, and the text is tried again. Once the body was written, a
 * connection lost without an answer may have delivered it: that text is "unknown", never sent
 * twice.
 */
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";

import type { ServerConfig } from "../config";

export interface OutgoingText {
  /** Our id for the text: the file's name, and the delivery callback's `?text=`. */
  id: string;
  to: string;
  body: string;
  /** Where the provider reports the text's delivery; none for the files. */
  statusCallback?: string;
}

export type TextOutcome =
  /** The provider took it, under its id; `status` is its first word on it ("queued"). */
  | { kind: "accepted"; providerId: string; status: string }
  /**
   * Certainly not taken: the connection failed before the body was written, or a 4xx/5xx.
   * `final` for a refusal sending again cannot change (a 4xx other than 429); `code` is the
   * provider's error code (Twilio's 21610: the number replied STOP to the provider itself).
   */
  | { kind: "not-sent"; reason: string; final?: boolean; code?: number }
  /** The body was written and no answer came: the provider may have it. */
  | { kind: "unknown"; reason: string };

export interface TextProvider {
  send(text: OutgoingText): Promise<TextOutcome>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
  timeoutMs: number;
}

/** How long the body waits for the provider's 100 Continue before it is written anyway. */
const continueWaitMs = 1_000;

export function twilioProvider(settings: TwilioSettings): TextProvider {
  const url = new URL(
    `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
  );
  const client = url.protocol === "https:" ? https : http;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    send(text) {
      const form = new URLSearchParams({ To: text.to, From: settings.from, Body: text.body });
      if (text.statusCallback) form.set("StatusCallback", text.statusCallback);
      const body = Buffer.from(form.toString());
      return new Promise<TextOutcome>((resolve) => {
        let bodyWritten = false;
        let settled = false;
        let continueTimer: NodeJS.Timeout | undefined;
        const settle = (outcome: TextOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(continueTimer);
          clearTimeout(answerTimer);
          request.destroy();
          resolve(outcome);
        };
        const lost = (reason: string) =>
          settle(bodyWritten ? { kind: "unknown", reason } : { kind: "not-sent", reason });
        const request = client.request(url, {
          method: "POST",
          headers: {
            Authorization: authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": body.byteLength,
            Accept: "application/json",
            Expect: "100-continue",
          },
          agent: false,
        });
        const writeBody = () => {
          if (bodyWritten || settled) return;
          bodyWritten = true;
          request.end(body);
        };
        // The wait for 100 Continue starts once connected: a slow connect delivered nothing.
        request.on("socket", (socket) => {
          socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => {
            continueTimer = setTimeout(writeBody, continueWaitMs);
          });
        });
        const answerTimer = setTimeout(() => {
          lost(`No answer within ${settings.timeoutMs} ms`);
          request.destroy();
        }, settings.timeoutMs);
        request.on("continue", writeBody);
        request.on("error", (error) => lost(error.message));
        request.on("response", (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", (error) => lost(error.message));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            const answer = Buffer.concat(chunks).toString("utf8").slice(0, 2_000);
            if (status >= 200 && status < 300) {
              const parsed = parseJson(answer);
              const sid = typeof parsed?.sid === "string" ? parsed.sid : null;
              // Taken, even if its id is unreadable: never sent again.
              if (!sid) settle({ kind: "unknown", reason: `Answer ${status} without a sid` });
              else {
                settle({
                  kind: "accepted",
                  providerId: sid,
                  status: typeof parsed?.status === "string" ? parsed.status : "queued",
                });
              }
              return;
            }
            // A refusal: the provider says it took nothing.
            const parsed = parseJson(answer);
            const message = typeof parsed?.message === "string" ? parsed.message : answer;
            settle({
              kind: "not-sent",
              reason: `Refused ${status}: ${message}`.slice(0, 500),
              final: status >= 400 && status < 500 && status !== 429,
              ...(typeof parsed?.code === "number" ? { code: parsed.code } : {}),
            });
          });
        });
        // Sent to the provider: the headers now, the body once it says go on.
        request.flushHeaders();
      });
    },
  };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** No provider configured: each text is a file, as emails are under `data/mail/`. */
export function fileTextProvider(directory: string, from: string): TextProvider {
  return {
    async send(text) {
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(
        path.join(directory, `${stamp}-${text.id}.txt`),
        `From: ${from}\nTo: ${text.to}\n\n${text.body}\n`,
      );
      return { kind: "accepted", providerId: `file-${text.id}`, status: "sent" };
    },
  };
}

/** True when the provider's account, token and sending number are all set. */
export function textProviderConfigured(config: ServerConfig): boolean {
  return Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.SMS_FROM);
}

/** Twilio's Messages API when configured; else files under `{DATA_DIR}/sms/`. */
export function textProviderFor(config: ServerConfig, dataDir: string): TextProvider {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.SMS_FROM) {
    return twilioProvider({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.SMS_FROM,
      apiBase: config.TWILIO_API_BASE,
      timeoutMs: config.TEXT_TIMEOUT_MS,
    });
  }
  return fileTextProvider(path.join(dataDir, "sms"), config.SMS_FROM ?? "+10000000000");
}
