import { describe, expect, test } from "vitest";

import { csvOf } from "./queries";

describe("The numbers' CSV", () => {
  test("a negative amount stays a number; anything else a spreadsheet would run is text", () => {
    expect(
      csvOf([["-40.00", "-7", 12.5, null, "=SUM(A1)", "-1+2", "+1", "@x", "-2.5.1", "a,b"]]),
    ).toBe(`-40.00,-7,12.5,,'=SUM(A1),'-1+2,'+1,'@x,'-2.5.1,"a,b"\r\n`);
  });
});
