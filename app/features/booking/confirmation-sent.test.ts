import { expect, test } from "vitest";

import { confirmationSentTo, maskedPhone } from "./confirmation-sent";

const phone = "(713) 555-0188";

test("the email, and the text with consent, by the number's last four digits only", () => {
  expect(confirmationSentTo({ email: "jane@example.com", phone, textConsent: "yes" })).toBe(
    "We sent the confirmation to jane@example.com and a text to (•••) •••-0188.",
  );
  expect(confirmationSentTo({ email: " jane@example.com ", phone })).toBe(
    "We sent the confirmation to jane@example.com.",
  );
  expect(confirmationSentTo({ email: "", phone, textConsent: "yes" })).toBe(
    "We sent the confirmation in a text to (•••) •••-0188.",
  );
  expect(confirmationSentTo({ phone })).toBe("We sent no confirmation: you gave no email address.");
  for (const values of [
    { email: "jane@example.com", phone, textConsent: "yes" },
    { phone, textConsent: "yes" },
  ]) {
    expect(confirmationSentTo(values)).not.toContain("555");
  }
});

test("no text is named for a number a text cannot go to, as the server sends none", () => {
  // An exchange starting with 1, and a Caribbean area code.
  for (const number of ["(713) 155-0188", "(876) 555-0188"]) {
    expect(
      confirmationSentTo({ email: "jane@example.com", phone: number, textConsent: "yes" }),
    ).toBe("We sent the confirmation to jane@example.com.");
  }
});

test("a number is shown by its last four digits", () => {
  expect(maskedPhone("+1 713 555 0188")).toBe("(•••) •••-0188");
});
