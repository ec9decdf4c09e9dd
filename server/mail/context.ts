import { brandName, type CompanyProfile } from "~/content/company";

import { mailFromAddress, type ServerConfig } from "../config";
import type { Mailbox } from "./message";

/** What every email needs to know besides the lead: who sends, who receives, which office. */
export interface MailContext {
  from: Mailbox;
  /** Where mail to the company goes: LEADS_EMAIL, else the office's own address. */
  companyRecipient: string;
  office: CompanyProfile;
  siteUrl: string;
  /** The site's host name: the right-hand side of every Message-ID and calendar UID. */
  siteHost: string;
  createdAt: Date;
}

/** What follows from the configuration alone, worked out once per configuration. */
const fromConfig = new WeakMap<ServerConfig, { fromAddress: string; siteHost: string }>();

export function mailContextFor(
  config: ServerConfig,
  office: CompanyProfile,
  createdAt: Date,
): MailContext {
  let derived = fromConfig.get(config);
  if (!derived) {
    // Parsing the site's URL for every lead showed in the bench:api profile.
    derived = { fromAddress: mailFromAddress(config), siteHost: new URL(config.SITE_URL).hostname };
    fromConfig.set(config, derived);
  }
  return {
    from: { name: brandName, address: derived.fromAddress },
    companyRecipient: config.LEADS_EMAIL ?? office.email,
    office,
    siteUrl: config.SITE_URL,
    siteHost: derived.siteHost,
    createdAt,
  };
}

export function messageId(localPart: string, context: MailContext): string {
  return `<${localPart}@${context.siteHost}>`;
}
