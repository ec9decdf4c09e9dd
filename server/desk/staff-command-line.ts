import path from "node:path";
import { parseArgs } from "node:util";

import { ZodError } from "zod";

import { ConfigError, type ServerConfig } from "../config";
import { openDatabase } from "../db/database";
import { StaffAccountError } from "./staff-accounts.server";
import { authSecret, createStaffAuth } from "./staff-auth";
import { sendStaffCommand } from "./staff-channel";
import { runStaffCommand, type StaffCommand } from "./staff-commands";

// `npm run staff`'s reading of its arguments and its work, apart from the terminal: the command
// (staff-cli.ts) and the journeys, which create their staff in process, share them.

export const staffUsage = `Usage: npm run staff -- <command>
  add <email> --role owner
  add <email> --role dispatcher --office texas,florida [--name "Full Name"]
  add <email> --role technician --office texas --name "Full Name"
  list
  disable <email>
  reset-password <email>
The password is read from STAFF_PASSWORD, or asked for without echo.`;

export class UsageError extends Error {}

/**
 * The command the arguments name (null for `help` or none); `newPassword` is asked only by the
 * commands that set one.
 */
export async function staffCommandFrom(
  argv: string[],
  newPassword: () => Promise<string>,
): Promise<StaffCommand | null> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: "string" },
      office: { type: "string" },
      name: { type: "string" },
    },
  });
  const [command, email] = positionals;
  if (!command || command === "help") return null;
  if (command === "list") return { command };
  if (!email) throw new UsageError(staffUsage);
  switch (command) {
    case "add":
      return {
        command,
        email,
        role: values.role,
        offices: (values.office ?? "")
          .split(",")
          .map((office) => office.trim())
          .filter(Boolean),
        name: values.name,
        password: await newPassword(),
      };
    case "disable":
      return { command, email };
    case "reset-password":
      return { command, email, password: await newPassword() };
    default:
      throw new UsageError(staffUsage);
  }
}

/**
 * Runs a command against the server's database: through the running server on the embedded
 * database (staff-channel.ts), else directly. The lines it prints.
 */
export async function executeStaffCommand(
  command: StaffCommand,
  config: Pick<
    ServerConfig,
    "DATA_DIR" | "DATABASE_URL" | "SITE_URL" | "DATABASE_CONNECT_TIMEOUT_MS"
  >,
): Promise<string[]> {
  const dataDir = path.resolve(config.DATA_DIR);
  if (!config.DATABASE_URL) {
    const answer = await sendStaffCommand(dataDir, command);
    if (answer) {
      if (!answer.ok) throw new UsageError(answer.error);
      return answer.lines;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, "db"),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  try {
    const { db } = database;
    const auth = createStaffAuth({ db, siteUrl: config.SITE_URL, secret: await authSecret(db) });
    return await runStaffCommand(db, auth, command);
  } finally {
    await database.close();
  }
}

/** What the command says of a refusal (a bad argument, a short password); null for a fault. */
export function staffCommandRefusal(error: unknown): string | null {
  if (error instanceof ZodError) return error.issues.map((issue) => issue.message).join("\n");
  if (
    error instanceof UsageError ||
    error instanceof StaffAccountError ||
    error instanceof ConfigError
  ) {
    return error.message;
  }
  return null;
}
