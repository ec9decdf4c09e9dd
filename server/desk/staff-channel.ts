import { chmod, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

import { ZodError } from "zod";

import type { Database } from "../db/database";
import { StaffAccountError } from "./staff-accounts.server";
import type { StaffAuth } from "./staff-auth";
import { runStaffCommand, staffCommandSchema, type StaffCommand } from "./staff-commands";

/**
 * The embedded database admits one process. While the server holds it, `npm run staff` hands its
 * command to the server over a Unix socket in a folder of the data folder that only the machine's
 * user running the server (and root) can enter: never over HTTP.
 */
export function staffChannelPath(dataDir: string) {
  return path.join(dataDir, "control", "staff.sock");
}

type Answer = { ok: true; lines: string[] } | { ok: false; error: string };

const maxCommandBytes = 16 * 1024;

export async function listenForStaffCommands({
  dataDir,
  db,
  auth,
}: {
  dataDir: string;
  db: Database;
  auth: StaffAuth;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = staffChannelPath(dataDir);
  const folder = path.dirname(socketPath);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > maxCommandBytes) socket.destroy();
      const end = received.indexOf("\n");
      if (end === -1) return;
      socket.removeAllListeners("data");
      void answer(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  async function answer(line: string): Promise<Answer> {
    try {
      const command = staffCommandSchema.parse(JSON.parse(line));
      return { ok: true, lines: await runStaffCommand(db, auth, command) };
    } catch (error) {
      if (error instanceof ZodError) {
        return { ok: false, error: error.issues.map((issue) => issue.message).join("\n") };
      }
      if (error instanceof StaffAccountError) return { ok: false, error: error.message };
      console.error(`Staff command failed: ${error instanceof Error ? error.message : error}`);
      return { ok: false, error: "The server could not carry out the command (see its log)." };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends a command to the running server. Resolves null when no server listens (no socket, or a
 * socket left by a server that stopped): then the command opens the database itself.
 */
export function sendStaffCommand(dataDir: string, command: StaffCommand): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(staffChannelPath(dataDir));
    let received = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(command)}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as Answer);
      } catch {
        reject(new Error("The running server gave no answer"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
  });
}
