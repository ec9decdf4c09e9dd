import { describe, expect, test } from "vitest";

import { profileForState } from "~/content/company";
import { decidedBySchema } from "~/domain/estimate";
import { photoMessages } from "~/domain/photos";
import { pageAnswerIn, pageFieldErrorsIn } from "~/domain/request-page-answers";
import { callbackProblemSchema, warrantyMessages } from "~/domain/warranty";
import { noPlaceHeldMessage } from "~/lib/form-result";

import { estimateMessages } from "../field/estimates.server";
import { payMessages } from "../payments/card-payments.server";
import {
  photosFullMessage,
  photosTodayMessage,
  tooManyChangesMessage,
  uploadUnderWayMessage,
} from "./homeowner-requests";
import { photosBusyMessage } from "./photos";
import { cantFixChangeMessage } from "./request-view";

// Issue 39: the private page's answers are the server's English words, translated at the page's
// edge by those words. Each refusal a homeowner's page can get is listed here from where it is
// written, so a reworded English message that loses its Spanish fails this test.
const reachable: string[] = [
  "Choose what to do.",
  noPlaceHeldMessage,
  tooManyChangesMessage,
  uploadUnderWayMessage,
  photosFullMessage,
  photosTodayMessage,
  photosBusyMessage,
  "Choose one of the open windows.",
  "That window just filled up",
  "This repair is already completed.",
  "Texts were not asked for at booking.",
  "That is already your visit's window.",
  "This request was cancelled.",
  "Your visit starts soon: please call (713) 555-0127 to cancel it.",
  "Your visit starts soon: please call (713) 555-0127 to change it.",
  cantFixChangeMessage(profileForState("texas")),
  payMessages.unavailable,
  payMessages.nothingOwed,
  estimateMessages.noEstimate,
  estimateMessages.cantFix,
  estimateMessages.paid,
  estimateMessages.changed,
  estimateMessages.alreadyAnswered("approved", "María López"),
  estimateMessages.alreadyAnswered("declined", null),
  photoMessages.none,
  photoMessages.tooMany,
  photoMessages.notAnImage("recibo.pdf"),
  photoMessages.tooLarge("lavadora.jpg"),
  photoMessages.unreadable("foto.heic"),
  warrantyMessages.alreadyBooked,
  warrantyMessages.ended("2027-02-23"),
  warrantyMessages.none,
  warrantyMessages.cancelled,
  warrantyMessages.onePhoto,
  warrantyMessages.noPhoto,
  "Add at most 5 photos of 10 MB each at a time.",
  ...decidedBySchema.safeParse("").error!.issues.map((issue) => issue.message),
  ...decidedBySchema.safeParse("x".repeat(101)).error!.issues.map((issue) => issue.message),
  ...callbackProblemSchema.safeParse(" ").error!.issues.map((issue) => issue.message),
  ...callbackProblemSchema.safeParse("x".repeat(1001)).error!.issues.map((issue) => issue.message),
];

describe("the private page's answers in Spanish", () => {
  test.each(reachable)("“%s” has its Spanish", (message) => {
    const spanish = pageAnswerIn(message, "es");
    expect(spanish).not.toBe(message);
    expect(spanish).not.toMatch(/\b(the|your|please|call us|photo|window)\b/i);
  });

  test("a name, a number and a file keep their place in the sentence", () => {
    expect(pageAnswerIn(estimateMessages.alreadyAnswered("approved", "María López"), "es")).toBe(
      "Este presupuesto ya fue aprobado por María López.",
    );
    expect(
      pageAnswerIn("Your visit starts soon: please call (713) 555-0127 to change it.", "es"),
    ).toBe("Su visita empieza pronto: llame al (713) 555-0127 para cambiarla.");
    expect(pageAnswerIn(photoMessages.tooLarge("lavadora.jpg"), "es")).toBe(
      "“lavadora.jpg” pesa más de 10 MB.",
    );
    expect(pageAnswerIn(photoMessages.tooLarge(""), "es")).toBe("“El archivo” pesa más de 10 MB.");
    expect(pageAnswerIn(warrantyMessages.ended("2027-02-23"), "es")).toBe(
      "Su garantía terminó el 23 de febrero de 2027. Reserve una nueva reparación o llámenos.",
    );
  });

  test("English is left as it is, and an unknown message stays English rather than vanish", () => {
    for (const message of reachable) expect(pageAnswerIn(message, "en")).toBe(message);
    expect(pageAnswerIn("Something new the server says.", "es")).toBe(
      "Something new the server says.",
    );
    expect(pageFieldErrorsIn({ name: "Type your name" }, "es")).toEqual({
      name: "Escriba su nombre",
    });
  });
});
