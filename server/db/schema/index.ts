// The database schema by area, one module each; drizzle-kit reads this one (drizzle.config.ts)
// to write the migrations, and the rest of the server imports the tables from here.
import {
  contactMessages,
  idempotencyKeys,
  newsletterSubscribers,
  rateLimitWindows,
} from "./submissions";
import { officePrices, reviews } from "./after-the-job";
import { customerEvents, customerKeys, customers } from "./customers";
import { outbox, texts, textOptOuts } from "./messages";
import { payments, stripeEvents } from "./payments";
import { requestPhotos } from "./photos";
import { sourceSpend } from "./numbers";
import { leadEvents, requestJobs, requestVisits, serviceRequests } from "./requests";
import { privacyAudit, serverSecrets } from "./server";
import {
  staffAccounts,
  staffInvitations,
  staffSessions,
  staffTwoFactors,
  staffUsers,
  staffVerifications,
} from "./staff";
import { officeClosedDays, windowCapacities, windowPlaces } from "./windows";

export * from "./after-the-job";
export * from "./customers";
export * from "./messages";
export * from "./numbers";
export * from "./payments";
export * from "./photos";
export * from "./requests";
export * from "./server";
export * from "./staff";
export * from "./submissions";
export * from "./windows";

export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewOutboxRow = typeof outbox.$inferInsert;
export type NewText = typeof texts.$inferInsert;

export const schema = {
  serviceRequests,
  contactMessages,
  newsletterSubscribers,
  idempotencyKeys,
  rateLimitWindows,
  outbox,
  staffUsers,
  staffSessions,
  staffAccounts,
  staffVerifications,
  serverSecrets,
  leadEvents,
  staffInvitations,
  privacyAudit,
  staffTwoFactors,
  windowCapacities,
  officeClosedDays,
  windowPlaces,
  requestPhotos,
  requestVisits,
  requestJobs,
  texts,
  textOptOuts,
  officePrices,
  reviews,
  customers,
  customerKeys,
  customerEvents,
  payments,
  stripeEvents,
  sourceSpend,
};
