import { spawnSync } from "node:child_process";
import path from "node:path";

import type { Page } from "@playwright/test";

import { parseConfig } from "../../server/config";
import {
  executeStaffCommand,
  staffCommandFrom,
  staffCommandRefusal,
  staffUsage,
  UsageError,
} from "../../server/desk/staff-command-line";

import { expect } from "./fixtures";

/**
 * What `npm run staff -- …` does and prints, run in the journey's own process (no second Node
 * and tsx start-up per account): against the journeys' server's database, or through the
 * server named by `dataDir` (an extra server's embedded database).
 */
export async function staffCommand(args: string[], password?: string, dataDir?: string) {
  try {
    const command = await staffCommandFrom(args, async () => {
      if (!password)
        throw new UsageError("No terminal to ask for the password: set STAFF_PASSWORD.");
      return password;
    });
    const lines = command
      ? await executeStaffCommand(
          command,
          // The environment the command would have had (staffCli below).
          parseConfig({
            ...process.env,
            DATA_DIR: dataDir ?? process.env.E2E_DATA_DIR,
            DATABASE_URL: dataDir ? "" : (process.env.E2E_DATABASE_URL ?? ""),
          }),
        )
      : [staffUsage];
    return { status: 0, stdout: lines.map((line) => `${line}\n`).join(""), stderr: "" };
  } catch (error) {
    const refusal = staffCommandRefusal(error);
    if (refusal === null) throw error;
    return { status: 1, stdout: "", stderr: `${refusal}\n` };
  }
}

/**
 * Runs `npm run staff -- …` itself, in a process of its own, as an administrator would (the
 * journeys about the command use it; the rest use `staffCommand`).
 */
export function staffCli(args: string[], password?: string, dataDir?: string) {
  const result = spawnSync(
    process.execPath,
    // What `npm run staff` runs once there is a build (the journeys' server is that build).
    [path.resolve("build/server/staff.js"), ...args],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        ...(dataDir
          ? { DATA_DIR: dataDir, DATABASE_URL: "" }
          : {
              DATA_DIR: process.env.E2E_DATA_DIR,
              ...(process.env.E2E_DATABASE_URL
                ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
                : {}),
            }),
        STAFF_PASSWORD: password ?? "",
      },
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export async function signIn(page: Page, email: string, password: string, origin = "") {
  await page.goto(`${origin}/office/sign-in`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
}
