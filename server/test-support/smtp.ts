import type { AddressInfo } from "node:net";

import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, and can refuse on demand. */
export interface TestSmtpServer {
  url: string;
  received: ReceivedEmail[];
  /** While set, every recipient is refused with this temporary (4xx) reason. */
  refusing: string | null;
  refusals: number;
  waitForEmails(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    received: [],
    refusing: null,
    refusals: 0,
    async waitForEmails(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} emails, received ${state.received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        state.refusals += 1;
        callback(Object.assign(new Error(state.refusing), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            state.received.push({
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error))),
          );
      });
    },
  });

  // A client that drops its connection (a server process killed mid-send) is not an error here.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
