import type { AddressInfo } from "node:net";

import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * An SMTP server that takes each message whole and never acknowledges it: the sender cannot
 * know whether it was delivered, as when a worker dies between the last byte and the "250 OK".
 */
export interface HoldingSmtpServer {
  url: string;
  held: ParsedMail[];
  close(): Promise<void>;
}

export async function startHoldingSmtpServer(): Promise<HoldingSmtpServer> {
  const held: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 100,
    onData(stream) {
      simpleParser(stream)
        .then((parsed) => held.push(parsed))
        .catch(() => {});
      // The callback is never called: no answer to the message.
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
