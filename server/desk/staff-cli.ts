/**
 * `npm run staff -- <command>`: staff accounts from the server's command line, the only way to
 * create the first owner (there is no default account and no sign-up form). On the embedded
 * database while the server runs, the command goes to the server (see `staff-channel.ts`).
 */
import path from "node:path";
import { parseArgs } from "node:util";

import { ZodError } from "zod";

import { ConfigError, parseConfig } from "../config";
import { openDatabase } from "../db/database";
import { StaffAccountError } from "./staff-accounts";
import { authSecret, createStaffAuth } from "./staff-auth";
import { sendStaffCommand } from "./staff-channel";
import { runStaffCommand, type StaffCommand } from "./staff-commands";

const usage = `Usage: npm run staff -- <command>
  add <email> --role owner
  add <email> --role dispatcher --office texas,florida [--name "Full Name"]
  list
  disable <email>
  reset-password <email>
The password is read from STAFF_PASSWORD, or asked for without echo.`;

class UsageError extends Error {}

/** Reads a line from the terminal without showing it. */
async function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    throw new UsageError("No terminal to ask for the password: set STAFF_PASSWORD.");
  }
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write("\n");
    };
    function onData(chunk: string) {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(typed);
          return;
        }
        if (char === "\u0003") {
          finish();
          reject(new UsageError("Cancelled"));
          return;
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    }
    input.on("data", onData);
  });
}

async function newPassword(): Promise<string> {
  const fromEnvironment = process.env.STAFF_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  const password = await promptHidden("Password (at least 12 characters): ");
  const again = await promptHidden("The same password again: ");
  if (password !== again) throw new UsageError("The two passwords differ.");
  return password;
}

async function commandFrom(argv: string[]): Promise<StaffCommand | null> {
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
  if (!email) throw new UsageError(usage);
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
      throw new UsageError(usage);
  }
}

async function run(argv: string[]) {
  const config = parseConfig();
  const command = await commandFrom(argv);
  if (!command) {
    console.log(usage);
    return;
  }
  const dataDir = path.resolve(config.DATA_DIR);
  if (!config.DATABASE_URL) {
    const answer = await sendStaffCommand(dataDir, command);
    if (answer) {
      if (!answer.ok) throw new UsageError(answer.error);
      for (const line of answer.lines) console.log(line);
      return;
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
    for (const line of await runStaffCommand(db, auth, command)) console.log(line);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ZodError) {
    console.error(error.issues.map((issue) => issue.message).join("\n"));
  } else if (
    error instanceof UsageError ||
    error instanceof StaffAccountError ||
    error instanceof ConfigError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
