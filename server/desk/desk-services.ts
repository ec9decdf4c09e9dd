import type { ServerConfig } from "../config";
import type { Database } from "../db/database";
import type { LeadWriter } from "../leads/lead-writer";
import type { VisitContext } from "../requests/visit-changes";
import type { StaffAuth } from "./staff-auth";

/**
 * What the desk's routes work with (the router context's `desk`): the database, staff sign-in and
 * a visit's emails. The routes call the desk's modules with these directly.
 */
import type { CardPayments } from "../payments/card-payments.server";

export interface DeskServices {
  db: Database;
  auth: StaffAuth;
  config: ServerConfig;
  /** What a change to a visit needs: its calendar emails and reminder. */
  visits: VisitContext;
  /** Writes a request the office takes by phone, as the web's are written. */
  leads: LeadWriter;
  /** Wakes the outbox once a change put emails in it. */
  onEnqueued: () => void;
  /** Drops this process's kept copies of a public page whose content changed (`/reviews`). */
  forgetPage?: (pathname: string) => void;
  /** Card payments (Stripe): pay links, and closing them before cash or check is recorded. */
  cards?: CardPayments;
}
