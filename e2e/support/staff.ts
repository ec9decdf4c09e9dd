import { spawnSync } from "node:child_process";
import path from "node:path";

import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/**
 * Runs `npm run staff -- …` against the journeys' server, as an administrator would; `dataDir`
 * names another server's embedded database (an extra server's).
 */
export function staffCommand(args: string[], password?: string, dataDir?: string) {
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "server/desk/staff-cli.ts", ...args],
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
