import { expect, test } from "vitest";

import { estimateLineField, maxEstimateLines, parseEstimateForm } from "./estimate";

/** `count` filled rows from row `from`: a part of $10 each. */
function rows(count: number, from = 0): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let index = from; index < from + count; index += 1) {
    fields[estimateLineField(index, "kind")] = "part";
    fields[estimateLineField(index, "description")] = `Part ${index + 1}`;
    fields[estimateLineField(index, "amount")] = "10";
  }
  return fields;
}

test("an estimate holds 20 lines; a 21st is refused with the form's message, not dropped", () => {
  expect(maxEstimateLines).toBe(20);
  const twenty = parseEstimateForm(rows(20));
  expect(twenty.ok && twenty.lines).toHaveLength(20);
  expect(parseEstimateForm(rows(25))).toEqual({
    ok: false,
    fieldErrors: { lines: "At most 20 lines" },
  });
  // One line far past the rows the form shows is refused too, whatever comes before it.
  expect(parseEstimateForm({ ...rows(1), ...rows(1, 57) })).toEqual({
    ok: false,
    fieldErrors: { lines: "At most 20 lines" },
  });
  expect(parseEstimateForm({ ...rows(1), [estimateLineField(20, "amount")]: "5" }).ok).toBe(false);
});

test("a blank row past the twentieth is left out like any blank row", () => {
  const parsed = parseEstimateForm({
    ...rows(2),
    [estimateLineField(20, "kind")]: "part",
    [estimateLineField(20, "description")]: " ",
    [estimateLineField(20, "amount")]: "",
  });
  expect(parsed.ok && parsed.lines).toHaveLength(2);
});
