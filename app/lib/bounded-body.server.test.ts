import { randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";

import fc from "fast-check";
import { expect, test } from "vitest";

import { BodyTooLarge, MalformedBody, spoolMultipart } from "./bounded-body.server";

const boundary = "----form7MA4YWxk";

function multipart(parts: { name: string; fileName?: string; bytes: Uint8Array | string }[]) {
  const pieces: Buffer[] = [Buffer.from("a preamble to ignore\r\n")];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? "" : `; filename="${part.fileName}"`;
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n` +
          (part.fileName === undefined ? "" : "Content-Type: image/jpeg\r\n") +
          "\r\n",
      ),
      Buffer.from(part.bytes),
      Buffer.from("\r\n"),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\nan epilogue`));
  return Buffer.concat(pieces);
}

/** The body as a request whose stream hands it over in pieces cut at `cuts`. */
function requestOf(body: Buffer, cuts: number[] = []) {
  const ends = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const end of [...ends, body.length]) {
    if (end > start) pieces.push(body.subarray(start, end));
    start = Math.max(start, end);
  }
  return new Request("http://localhost/requests/x", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pieces.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
}

const limits = { maxBytes: 1024 * 1024, maxFileBytes: 64 * 1024, maxFiles: 3 };

test("fields and files come out whole however the body is cut, the files on disk until disposed of", async () => {
  // Bytes that look like parts of the delimiter, at the edges of a file.
  const tricky = Buffer.concat([
    Buffer.from(`\r\n--${boundary.slice(0, 6)}`),
    randomBytes(3000),
    Buffer.from("\r\n-"),
  ]);
  const other = randomBytes(5000);
  const body = multipart([
    { name: "intent", bytes: "photos" },
    { name: "photos", fileName: "a.jpg", bytes: tricky },
    { name: "photos", fileName: "IMG “2”.jpg", bytes: other },
    { name: "photos", fileName: "", bytes: "" },
  ]);
  await fc.assert(
    fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
      const form = await spoolMultipart(requestOf(body, cuts), limits);
      try {
        expect(form.fields.get("intent")).toBe("photos");
        expect(form.files.map(({ name, size }) => [name, size])).toEqual([
          ["a.jpg", tricky.length],
          ["IMG “2”.jpg", other.length],
        ]);
        expect(await readFile(form.files[0]!.path)).toEqual(tricky);
        expect(await readFile(form.files[1]!.path)).toEqual(other);
      } finally {
        await form.dispose();
      }
      await expect(stat(form.files[0]!.path)).rejects.toThrow();
    }),
    { numRuns: 60 },
  );
});

test("a file past its limit and files past the count are read, named and not kept", async () => {
  const small = randomBytes(100);
  const body = multipart([
    { name: "photos", fileName: "huge.jpg", bytes: randomBytes(limits.maxFileBytes + 1) },
    ...["1.jpg", "2.jpg", "3.jpg", "4.jpg"].map((fileName) => ({
      name: "photos",
      fileName,
      bytes: small,
    })),
  ]);
  const form = await spoolMultipart(requestOf(body, [1000, 70_000]), limits);
  expect(form.oversized).toEqual(["huge.jpg"]);
  expect(form.files.map((file) => file.name)).toEqual(["1.jpg", "2.jpg", "3.jpg"]);
  expect(form.extraFiles).toBe(1);
  await form.dispose();
});

test("a body past the bound is refused whatever it claims; a body cut short or without a boundary is malformed", async () => {
  const big = multipart([{ name: "photos", fileName: "a.jpg", bytes: randomBytes(300_000) }]);
  await expect(
    spoolMultipart(requestOf(big, [50_000, 100_000]), { ...limits, maxBytes: 200_000 }),
  ).rejects.toBeInstanceOf(BodyTooLarge);

  const whole = multipart([{ name: "intent", bytes: "photos" }]);
  await expect(spoolMultipart(requestOf(whole.subarray(0, 60)), limits)).rejects.toBeInstanceOf(
    MalformedBody,
  );
  const noBoundary = new Request("http://localhost/", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data" },
    body: whole,
  });
  await expect(spoolMultipart(noBoundary, limits)).rejects.toBeInstanceOf(MalformedBody);
});
