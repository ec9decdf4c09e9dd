import { expect, test } from "vitest";

import { csvCell, toCsv } from "./csv";

test("cells that a spreadsheet would run as a formula are neutralised", () => {
  for (const dangerous of ["=1+1", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
    expect(csvCell(dangerous)).toBe(`"'${dangerous}"`);
  }
  expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  expect(csvCell("(352) 555-0142")).toBe('"(352) 555-0142"');
  expect(csvCell("a, b\nc")).toBe('"a, b\nc"');
});

test("a CSV is UTF-8 with a byte-order mark and CRLF lines", () => {
  expect(toCsv(["Name"], [["José"], ["=cmd"]])).toBe('\uFEFF"Name"\r\n"José"\r\n"\'=cmd"\r\n');
});
