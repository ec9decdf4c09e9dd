import { readFileSync } from "node:fs";

import { expect, test } from "vitest";

import { messageProblems } from "../../scripts/message-check.js";

function messages(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Record<string, string>;
}

test("every message has its Spanish, with the same placeholders", () => {
  expect(messageProblems(messages("en"), messages("es"))).toEqual([]);
});

test("the check finds a message missing in Spanish, one empty, and a placeholder renamed", () => {
  const english = { $schema: "x", book: "Book", greet: "Hello {name}", call: "Call", empty: "X" };
  const spanish = {
    $schema: "x",
    greet: "Hola {nombre}",
    call: "Llamar",
    extra: "Extra",
    empty: " ",
  };
  expect(messageProblems(english, spanish)).toEqual([
    '"book" has no Spanish (messages/es.json)',
    '"extra" is in Spanish only (messages/en.json lacks it)',
    '"greet" names other placeholders in Spanish than in English',
    '"empty" is empty',
  ]);
});
