/**
 * The limits every journey's server runs with: the journeys book from 127.0.0.1 again and again,
 * email the fixtures' one address, and post test-support/fixtures.ts's requests for a date years
 * ahead. Each limit has its own test in server/ (lead-abuse, mail/customer-emails, edge-hardening).
 */
export const journeyLimits = {
  PLACES_PER_CLIENT: "0",
  CUSTOMER_EMAILS_PER_DAY: "0",
  BOOKING_DAYS_AHEAD: "3650",
} as const;
