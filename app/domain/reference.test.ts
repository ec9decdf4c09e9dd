import { describe, expect, it } from "vitest";

import { requestReference, typedReference } from "./reference";

// The encoding, with the identity for a permutation: the server's keyed one is tested with it
// (server/requests/request-references.test.ts).
const identity = (value: number) => value;

describe("requestReference", () => {
  it("writes four symbols of Crockford's base 32 after R-", () => {
    for (const number of [0, 1, 2, 77, 1000, 2 ** 20 - 1]) {
      expect(requestReference(number, identity)).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
    expect(requestReference(32 * 7 + 31, identity)).toBe("R-007Z");
  });

  it("never gives two numbers the same reference", () => {
    const seen = new Set<string>();
    for (let number = 0; number < 2 ** 20; number += 1)
      seen.add(requestReference(number, identity));
    expect(seen.size).toBe(2 ** 20);
  });

  it("grows to five symbols past the first 2^20, still unique", () => {
    const seen = new Set<string>();
    for (let number = 2 ** 20 - 50; number < 2 ** 20 + 5000; number += 1) {
      seen.add(requestReference(number, identity));
    }
    expect(seen.size).toBe(5050);
    expect(requestReference(2 ** 20, identity)).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it("permutes the number within its width", () => {
    const seen: [number, number][] = [];
    requestReference(2 ** 20 + 3, (value, bits) => {
      seen.push([value, bits]);
      return value;
    });
    expect(seen).toEqual([[3, 25]]);
  });
});

describe("typedReference", () => {
  it("reads a reference however it was typed", () => {
    expect(typedReference("R-7K3F")).toBe("R-7K3F");
    expect(typedReference("r 7k3f")).toBe("R-7K3F");
    expect(typedReference(" r-7K3F ")).toBe("R-7K3F");
    expect(typedReference("R-7KOL")).toBe("R-7K01");
  });

  it("refuses what cannot be a reference", () => {
    expect(typedReference("maria")).toBeNull();
    expect(typedReference("R-7K")).toBeNull();
    expect(typedReference("555-0188")).toBeNull();
    expect(typedReference("7k3f")).toBeNull();
  });
});
