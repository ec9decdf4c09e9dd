import { describe, expect, test } from "vitest";

import { applianceTypes } from "~/content/appliances";
import { profileForState } from "~/content/company";
import { serviceStates } from "~/content/states";

import { isGsm7, textBodies } from "./messages";

describe("Texts' words", () => {
  test("every text but the confirmation fits one GSM-7 segment, for every office and appliance", () => {
    for (const state of serviceStates) {
      const office = profileForState(state.slug);
      for (const appliance of applianceTypes) {
        const facts = { office, appliance: appliance.id, reference: "R-7K3F" };
        const bodies = [
          textBodies.booked(facts, {
            date: "2026-12-02",
            window: "afternoon",
            technician: "Alexandra",
            returning: true,
          }),
          textBodies.reminder(facts, { date: "2026-12-02", window: "afternoon" }),
          textBodies.onTheWay(facts, "Alexandra", "10:40 AM"),
          textBodies.done(facts),
          textBodies.stopped(office),
          textBodies.started(office),
          textBodies.help(office),
        ];
        for (const body of bodies) {
          expect(isGsm7(body), body).toBe(true);
          expect(body.length, body).toBeLessThanOrEqual(160);
          expect(body.startsWith("Easy Appliance Repair: "), body).toBe(true);
        }
        const received = textBodies.received(
          facts,
          "https://easyappliancerepair.com/requests/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde",
        );
        expect(isGsm7(received)).toBe(true);
        expect(received.length).toBeLessThanOrEqual(306);
      }
    }
  });
});
