import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { rateLimitWindows, requestPhotoParts, requestPhotos } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { serviceRequest } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { maxUploadsAtOnce } from "./homeowner-requests";
import { photoBytes as storedPhotoBytes } from "./photo-store";
import { photosBusyMessage } from "./photos";

// The private page's budgets, attacked as a stranger holding a link (or many) would: through
// the page's own forms, posted without JavaScript, on a real server and a real database.
const databases = await testDatabases();

const tooManyChanges = "Too many changes today. Please call us.";

for (const database of databases) {
  describe.skipIf(!database.available)(`The private page's limits on ${database.label}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    /** A new service request and its private page's path. */
    async function book(): Promise<{ id: string; path: string }> {
      const booked = await server.post("/api/send-email", serviceRequest());
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      return { id, path: new URL(requestUrl).pathname };
    }

    function postForm(path: string, fields: Record<string, string>, ip: string) {
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": ip },
        body: new URLSearchParams(fields),
      });
    }

    /** The windows the page offers to move the visit to, as its select's values. */
    async function offeredWindows(path: string): Promise<string[]> {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      return [...html.matchAll(/name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/g)].map(
        (match) => match[1]!,
      );
    }

    let photoBytes: Buffer;
    async function photo() {
      photoBytes ??= await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#2a6f97" },
      })
        .png()
        .toBuffer();
      return photoBytes;
    }

    async function postPhotos(path: string, count: number, ip: string) {
      const form = new FormData();
      form.set("intent", "photos");
      const bytes = await photo();
      for (let index = 0; index < count; index += 1) {
        form.append(
          "photos",
          new Blob([new Uint8Array(bytes)], { type: "image/png" }),
          `p${index}.png`,
        );
      }
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": ip },
        body: form,
      });
    }

    async function storedPhotos(id: string) {
      const { db } = server.serverApp.database;
      return db
        .select({ id: requestPhotos.id })
        .from(requestPhotos)
        .where(eq(requestPhotos.requestId, id));
    }

    async function expectRefused(response: Response, text: string) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await response.text()).toContain(text);
    }

    test("a photo larger than a part is stored in parts, each its own statement, and read back whole", async () => {
      const { id, path } = await book();
      const noise = await sharp({
        create: {
          width: 900,
          height: 700,
          channels: 3,
          background: "#777777",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("intent", "photos");
      form.append("photos", new Blob([new Uint8Array(noise)], { type: "image/png" }), "n.png");
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: form,
      });
      expect(answer.status).toBe(200);
      const { db } = server.serverApp.database;
      const [stored] = await db.select().from(requestPhotos).where(eq(requestPhotos.requestId, id));
      expect(stored!.data).toBeNull();
      const parts = await db
        .select({ part: requestPhotoParts.part })
        .from(requestPhotoParts)
        .where(eq(requestPhotoParts.photoId, stored!.id));
      expect(parts.length).toBeGreaterThan(1);
      const read = await storedPhotoBytes(db, id, stored!.id, ["texas"]);
      expect(read!.data.length).toBe(stored!.byteSize);
      const metadata = await sharp(read!.data).metadata();
      expect([metadata.width, metadata.height]).toEqual([900, 700]);
      // Another office's desk reads nothing.
      expect(await storedPhotoBytes(db, id, stored!.id, ["virginia"])).toBeNull();
    });

    test("a photo is shown to its own link only: a small WebP thumbnail, never another request's", async () => {
      const mine = await book();
      const theirs = await book();
      expect((await postPhotos(mine.path, 1, freshClientIp())).status).toBe(200);
      const { db } = server.serverApp.database;
      const [stored] = await db
        .select({ id: requestPhotos.id })
        .from(requestPhotos)
        .where(eq(requestPhotos.requestId, mine.id));
      const photoId = stored!.id;

      const small = await fetch(`${server.baseUrl}${mine.path}/photos/${photoId}?size=small`);
      expect(small.status).toBe(200);
      expect(small.headers.get("content-type")).toBe("image/webp");
      expect(small.headers.get("cache-control")).toBe("no-store");
      expect(small.headers.get("x-content-type-options")).toBe("nosniff");
      expect(small.headers.get("referrer-policy")).toBe("no-referrer");
      const thumbnail = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(["webp", 192, 192]);
      const whole = await fetch(`${server.baseUrl}${mine.path}/photos/${photoId}`);
      expect(whole.headers.get("content-type")).toBe("image/png");
      // The page lists it as a thumbnail under its own address.
      const page = await (await fetch(`${server.baseUrl}${mine.path}`)).text();
      expect(page).toContain(`${mine.path}/photos/${photoId}?size=small`);

      // Another request's link, a made-up link or a made-up photo: the same 404, nothing read.
      for (const path of [
        `${theirs.path}/photos/${photoId}`,
        `${theirs.path}/photos/${photoId}?size=small`,
        `/requests/${"A".repeat(43)}/photos/${photoId}`,
        `${mine.path}/photos/${crypto.randomUUID()}`,
        `${mine.path}/photos/..%2f..%2fetc%2fpasswd`,
        `${mine.path}/photos/${photoId.toUpperCase()}x`,
      ]) {
        const answer = await fetch(`${server.baseUrl}${path}`);
        expect(answer.status, path).toBe(404);
        expect(answer.headers.get("cache-control"), path).toBe("no-store");
        expect(answer.headers.get("content-type"), path).toMatch(/^text\/plain/);
      }
    });

    test("a request is moved at most 5 times a day; the 6th is 429 with Retry-After and the page says to call", async () => {
      const { path } = await book();
      const ip = freshClientIp();
      const windows = await offeredWindows(path);
      expect(windows.length).toBeGreaterThan(6);
      for (const window of windows.slice(0, 5)) {
        const moved = await postForm(path, { intent: "reschedule", window }, freshClientIp());
        expect(moved.status).toBe(200);
      }
      await expectRefused(
        await postForm(path, { intent: "reschedule", window: windows[5]! }, ip),
        tooManyChanges,
      );
      // Cancelling is a change too; asking to cancel (the confirmation step) is not.
      expect((await postForm(path, { intent: "cancel-ask" }, ip)).status).toBe(200);
      await expectRefused(await postForm(path, { intent: "cancel" }, ip), tooManyChanges);
    });

    test("of 8 moves of one request at once, 5 are made and 3 are refused", async () => {
      const { path } = await book();
      const windows = (await offeredWindows(path)).slice(0, 8);
      expect(windows).toHaveLength(8);
      const answers = await Promise.all(
        windows.map((window) => postForm(path, { intent: "reschedule", window }, freshClientIp())),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });

    test("one address makes at most 5 changes a day across requests", async () => {
      const ip = freshClientIp();
      const requests = await Promise.all(Array.from({ length: 6 }, () => book()));
      const answers = await Promise.all(
        requests.map(({ path }) => postForm(path, { intent: "cancel" }, ip)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = answers.find((answer) => answer.status === 429)!;
      await expectRefused(refused, tooManyChanges);
      // Another address may still change its own request.
      const { path } = await book();
      expect((await postForm(path, { intent: "cancel" }, freshClientIp())).status).toBe(200);
    });

    test("a change that is not made costs nothing", async () => {
      const { path } = await book();
      const ip = freshClientIp();
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const refused = await postForm(
          path,
          { intent: "reschedule", window: "2031-13-40/morning" },
          ip,
        );
        expect(refused.status).toBe(400);
      }
      expect((await postForm(path, { intent: "cancel" }, ip)).status).toBe(200);
    });

    test("a move only to a window the page offers: anything else is 400 with a message, never 500", async () => {
      const { path } = await book();
      const ip = freshClientIp();
      const offered = await offeredWindows(path);
      const lastOffered = offered.at(-1)!.split("/")[0]!;
      const later = new Date(`${lastOffered}T12:00:00Z`);
      later.setUTCDate(later.getUTCDate() + 7);
      for (const window of [
        "9999-12-31/morning",
        "0001-01-01/evening",
        "2020-01-06/morning",
        `${later.toISOString().slice(0, 10)}/afternoon`,
        `${lastOffered}/night`,
        "tomorrow",
        "",
      ]) {
        const refused = await postForm(path, { intent: "reschedule", window }, ip);
        expect(refused.status, window).toBe(400);
        expect(await refused.text()).toContain("Choose one of the open windows.");
      }
    });

    /**
     * An upload of one photo whose body stops part-way until released, once it holds its
     * request's turn (read up to where its stream waits).
     */
    async function heldUpload({ id, path }: { id: string; path: string }, ip: string) {
      const bytes = await photo();
      const encoder = new TextEncoder();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const head = encoder.encode(
        '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphotos\r\n' +
          '--x\r\nContent-Disposition: form-data; name="photos"; filename="slow.png"\r\n' +
          "Content-Type: image/png\r\n\r\n",
      );
      let step = 0;
      const slowBody = new ReadableStream<Uint8Array>({
        async pull(controller) {
          step += 1;
          if (step === 1) controller.enqueue(head);
          else if (step === 2) controller.enqueue(bytes.subarray(0, 16));
          else if (step === 3) {
            await released;
            controller.enqueue(bytes.subarray(16));
          } else {
            controller.enqueue(encoder.encode("\r\n--x--\r\n"));
            controller.close();
          }
        },
      });
      const answer = fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "X-Forwarded-For": ip },
        body: slowBody,
        duplex: "half",
      } as RequestInit);
      const { db } = server.serverApp.database;
      const turn = () =>
        db
          .select({ hits: rateLimitWindows.hits })
          .from(rateLimitWindows)
          .where(eq(rateLimitWindows.bucket, `page-upload-turn ${id}`));
      while ((await turn())[0]?.hits !== 1 || step < 3) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return { answer, release };
    }

    test("one upload at a time per request: a second while the first arrives is 429", async () => {
      const request = await book();
      const ip = freshClientIp();
      const first = await heldUpload(request, ip);
      const second = await postPhotos(request.path, 1, ip);
      first.release();
      await expectRefused(second, "Your other photos are still being added.");
      expect((await first.answer).status).toBe(200);
      expect(await storedPhotos(request.id)).toHaveLength(1);
      // Once it is done, the next upload is taken.
      expect((await postPhotos(request.path, 1, ip)).status).toBe(200);
    });

    test(`past ${maxUploadsAtOnce} uploads arriving at once, the next is 503 with Retry-After, its body unread`, async () => {
      const requests = await Promise.all(
        Array.from({ length: maxUploadsAtOnce + 1 }, () => book()),
      );
      const last = requests.pop()!;
      const held = await Promise.all(
        requests.map((request) => heldUpload(request, freshClientIp())),
      );
      const refused = await postPhotos(last.path, 1, freshClientIp());
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain(photosBusyMessage);
      for (const upload of held) upload.release();
      const answers = await Promise.all(held.map((upload) => upload.answer));
      expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));
      expect(await storedPhotos(last.id)).toHaveLength(0);
      // The places are given back: the refused one is taken now.
      expect((await postPhotos(last.path, 1, freshClientIp())).status).toBe(200);
    });

    test("however many uploads arrive at once, at most two photos are decoded at a time", async () => {
      const large = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: "#52796f",
          noise: { type: "gaussian", mean: 120, sigma: 30 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      const requests = await Promise.all(Array.from({ length: 5 }, () => book()));
      let mostAtOnce = 0;
      const watching = setInterval(() => {
        mostAtOnce = Math.max(mostAtOnce, sharp.counters().process);
      }, 1);
      try {
        const answers = await Promise.all(
          requests.map(({ path }) => {
            const form = new FormData();
            form.set("intent", "photos");
            for (let index = 0; index < 2; index += 1) {
              const blob = new Blob([new Uint8Array(large)], { type: "image/jpeg" });
              form.append("photos", blob, `IMG_${index}.jpg`);
            }
            return fetch(`${server.baseUrl}${path}`, {
              method: "POST",
              headers: { "X-Forwarded-For": freshClientIp() },
              body: form,
            });
          }),
        );
        expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));
      } finally {
        clearInterval(watching);
      }
      // libvips's own count of the images it is working on, seen every millisecond.
      expect(mostAtOnce).toBeGreaterThan(0);
      expect(mostAtOnce).toBeLessThanOrEqual(2);
      const stored = await Promise.all(requests.map(({ id }) => storedPhotos(id)));
      expect(stored.map((photos) => photos.length)).toEqual(requests.map(() => 2));
    });

    test("a request holds at most 5 photos: past them, 429 and the page says to call", async () => {
      const { id, path } = await book();
      const ip = freshClientIp();
      expect((await postPhotos(path, 5, ip)).status).toBe(200);
      await expectRefused(
        await postPhotos(path, 1, freshClientIp()),
        "This request has all the photos it can take (5). Please call us.",
      );
      expect(await storedPhotos(id)).toHaveLength(5);
    });

    test("one address adds at most 20 photos a day across requests, even all at once", async () => {
      const ip = freshClientIp();
      const requests = await Promise.all(Array.from({ length: 5 }, () => book()));
      const answers = await Promise.all(requests.map(({ path }) => postPhotos(path, 5, ip)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      await expectRefused(
        answers.find((answer) => answer.status === 429)!,
        "No more photos can be added from here today. Please call us.",
      );
      const stored = await Promise.all(requests.map(({ id }) => storedPhotos(id)));
      expect(stored.flat()).toHaveLength(20);
    });
  });
}
