import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "vitest";

import { createMailTransport } from "./transport";

test("without SMTP_URL each message is written as an .eml file under the mail folder", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mail-files-"));
  const mailDir = path.join(dataDir, "mail");
  const transport = createMailTransport({ mailDir });
  try {
    await transport.send(
      {
        from: { name: "Easy Appliance Repair", address: "no-reply@example.test" },
        to: "texas@easyappliancerepair.com",
        subject: "New service request: Dryer — Ann Lee",
        text: "Dryer not heating",
        html: "<p>Dryer not heating</p>",
        messageId: "<service-request-1@example.test>",
      },
      "row-1",
    );
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/row-1\.eml$/);
    const eml = await readFile(path.join(mailDir, files[0]!), "utf8");
    expect(eml).toContain("To: texas@easyappliancerepair.com");
    expect(eml).toContain("Message-ID: <service-request-1@example.test>");
    expect(eml).toContain("Dryer not heating");
  } finally {
    transport.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
