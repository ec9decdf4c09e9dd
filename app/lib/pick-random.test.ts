import { expect, test } from "vitest";

import { pickRandomIndexes } from "./pick-random";

test("picks distinct indexes in range", () => {
  for (let run = 0; run < 50; run++) {
    const picked = pickRandomIndexes(13, 3);
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
    for (const index of picked) expect(index).toBeGreaterThanOrEqual(0);
    for (const index of picked) expect(index).toBeLessThan(13);
  }
});

test("never picks more than there are", () => {
  expect(pickRandomIndexes(2, 3)).toHaveLength(2);
});
