import { expect, test } from "vitest";

import { serviceText } from "~/content/service-texts.server";
import { serviceSlugs } from "~/content/services";

import { rangeLine, serviceCallLine, serviceCallSentence, serviceCallTerms } from "./prices";

const rule = "waived when you go ahead with the repair";
const ruleEs = "se descuenta si sigue adelante con la reparación";

test("the fee's line in English is the owner's English, whatever Spanish they wrote", () => {
  for (const serviceCallRuleEs of [null, ruleEs]) {
    const policy = { serviceCallCents: 8900, serviceCallRule: rule, serviceCallRuleEs };
    expect(serviceCallLine(policy)).toBe(`Service call: $89, ${rule}`);
    expect(serviceCallSentence(policy, "en")).toBe(`Service call: $89, ${rule}.`);
  }
});

test("in Spanish: the owner's Spanish when written, else their English quoted as the office's", () => {
  const written = { serviceCallCents: 8950, serviceCallRule: rule, serviceCallRuleEs: ruleEs };
  expect(serviceCallTerms(written, "es")).toBe(`$89.50, ${ruleEs}`);
  expect(serviceCallLine(written, "es")).toBe(`Cargo por visita: $89.50, ${ruleEs}`);
  expect(serviceCallSentence(written, "es")).toBe(`Cargo por visita: $89.50, ${ruleEs}.`);
  // A rule that ends its own sentence gets no second full stop.
  expect(serviceCallSentence({ ...written, serviceCallRuleEs: `${ruleEs}.` }, "es")).toBe(
    `Cargo por visita: $89.50, ${ruleEs}.`,
  );
  const notWritten = { ...written, serviceCallRuleEs: null };
  expect(serviceCallLine(notWritten, "es")).toBe(
    `Cargo por visita: $89.50 (condición de la oficina, en inglés: “${rule}”)`,
  );
});

test("a range in Spanish names the appliance's repairs as its Spanish service page does", () => {
  const range = { lowCents: 15000, highCents: 35000 };
  expect(rangeLine("dryer", range)).toBe("Most dryer repairs: $150-$350");
  expect(rangeLine("dryer", range, "es")).toBe(
    "La mayoría de las reparaciones de secadoras: $150-$350",
  );
  expect(rangeLine("microwave", { lowCents: 12000, highCents: 12000 }, "es")).toBe(
    "La mayoría de las reparaciones de microondas: $120",
  );
  for (const service of serviceSlugs) {
    const repairs = serviceText(service, "es").title.replace(/^Reparación de /, "");
    expect(rangeLine(service, range, "es"), service).toBe(
      `La mayoría de las reparaciones de ${repairs}: $150-$350`,
    );
  }
});
