/**
 * `npm run staff -- <command>`: staff accounts from the server's command line, the only way to
 * create the first owner (there is no default account and no sign-up form). On the embedded
 * database while the server runs, the command goes to the server (see `staff-channel.ts`).
 */
import { parseConfig } from "../config";
import {
  executeStaffCommand,
  staffCommandFrom,
  staffCommandRefusal,
  staffUsage,
  UsageError,
} from "./staff-command-line";

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

async function run(argv: string[]) {
  const config = parseConfig();
  const command = await staffCommandFrom(argv, newPassword);
  if (!command) {
    console.log(staffUsage);
    return;
  }
  for (const line of await executeStaffCommand(command, config)) console.log(line);
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(staffCommandRefusal(error) ?? error);
  process.exitCode = 1;
});
