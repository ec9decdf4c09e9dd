import { describe, expect, test } from "vitest";

import { applianceTypes } from "~/content/appliances";
import { profileForState } from "~/content/company";
import { serviceStates } from "~/content/states";

import { isGsm7, textBodies } from "./messages";
import { e164Of } from "./phone-numbers";

describe("Texts' words", () => {
  test.each(["en", "es"] as const)(
    "every text but the confirmation fits one GSM-7 segment, for every office and appliance (%s)",
    (language) => {
      for (const state of serviceStates) {
        const office = profileForState(state.slug);
        for (const appliance of applianceTypes) {
          const facts = { office, appliance: appliance.id, reference: "R-7K3F", language };
          const bodies = [
            ...(["repair", "return", "warranty"] as const).map((kind) =>
              textBodies.booked(facts, {
                date: "2026-12-02",
                window: "afternoon",
                technician: "Alexandra",
                kind,
              }),
            ),
            textBodies.reminder(facts, { date: "2026-12-02", window: "afternoon" }),
            textBodies.onTheWay(facts, "Alexandra", "10:40 AM"),
            textBodies.done(facts),
            textBodies.reviewRequest(
              facts,
              "Alexandra",
              "https://easyappliancerepair.com/requests/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde",
            ),
            textBodies.stopped(office, language),
            textBodies.started(office, language),
            textBodies.help(office, language),
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
          expect(isGsm7(received), received).toBe(true);
          expect(received.length, received).toBeLessThanOrEqual(306);
        }
      }
    },
  );

  test("a Spanish text is Spanish, and its accents stay within GSM-7", () => {
    const facts = {
      office: profileForState("texas"),
      appliance: "dryer",
      reference: "R-7K3F",
      language: "es" as const,
    };
    expect(textBodies.onTheWay(facts, "Alex", "2:15 PM")).toBe(
      "Easy Appliance Repair: Alex va en camino, llega a eso de las 2:15 PM. Responda ALTO para cancelar.",
    );
    expect(
      textBodies.booked(facts, {
        date: "2026-12-05",
        window: "morning",
        technician: "Alex",
        kind: "repair",
      }),
    ).toBe(
      "Easy Appliance Repair: su visita para su secadora es el 5 de dic, 8AM-12PM con Alex. Responda ALTO para cancelar.",
    );
    // An accent GSM-7 lacks would make the text UCS-2 (70 characters a segment): none slips in.
    expect(isGsm7("reparación")).toBe(false);
    expect(isGsm7("¿Qué tal? mañana")).toBe(true);
  });
});

describe("Numbers a text may go to", () => {
  test("US numbers as typed, in E.164; Caribbean area codes and short or odd numbers none", () => {
    expect(e164Of("(713) 555-0188")).toBe("+17135550188");
    expect(e164Of("+1 713.555.0188")).toBe("+17135550188");
    expect(e164Of("1-908-555-0163")).toBe("+19085550163");
    for (const phone of ["(876) 555-0100", "809-555-0100", "555-0188", "(713) 055-0188", ""]) {
      expect(e164Of(phone), phone).toBeNull();
    }
  });
});
