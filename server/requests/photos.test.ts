import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";

import sharp from "sharp";
import { expect, test } from "vitest";

import { maxPhotoBytes } from "~/domain/photos";

import { maxPhotoPixels, preparePhoto, preparePhotos, QueueFull, WorkQueue } from "./photos";

function canvas(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: "#2a6f97" } });
}

/** A phone's photo: where it was taken and with what camera. */
async function photoWithLocation() {
  return canvas()
    .jpeg()
    .withExif({
      IFD0: { Make: "Phonemaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "29/1 45/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "95/1 21/1 0/1",
      },
    })
    .toBuffer();
}

test("a photo with GPS and camera data comes back as a JPEG without any metadata", async () => {
  const original = await photoWithLocation();
  expect((await sharp(original).metadata()).exif).toBeDefined();
  expect(original.includes("Phonemaker")).toBe(true);

  const outcome = await preparePhoto({ name: "IMG_0042.jpg", bytes: original });
  if (!outcome.ok) throw new Error(outcome.message);
  const metadata = await sharp(outcome.photo.data).metadata();
  expect(outcome.photo.contentType).toBe("image/jpeg");
  expect(metadata.format).toBe("jpeg");
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(outcome.photo.data.includes("Phonemaker")).toBe(false);
  expect(outcome.photo.data.includes("GPS")).toBe(false);
  expect([outcome.photo.width, outcome.photo.height]).toEqual([640, 480]);
});

test("PNG and WebP keep their type", async () => {
  for (const [bytes, type] of [
    [await canvas().png().toBuffer(), "image/png"],
    [await canvas().webp().toBuffer(), "image/webp"],
  ] as const) {
    const outcome = await preparePhoto({ name: "photo", bytes });
    expect(outcome.ok && outcome.photo.contentType).toBe(type);
  }
});

test("the type is read from the bytes: a text file named .jpg, a GIF and an SVG are refused", async () => {
  const text = await preparePhoto({
    name: "error-code.jpg",
    bytes: new TextEncoder().encode("just some words"),
  });
  expect(text).toEqual({
    ok: false,
    reason: "invalid",
    message: "“error-code.jpg” is not a JPEG, PNG or WebP photo.",
  });
  const gif = await preparePhoto({ name: "moving.gif", bytes: await canvas().gif().toBuffer() });
  expect(gif.ok).toBe(false);
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  expect((await preparePhoto({ name: "drawing.png", bytes: svg })).ok).toBe(false);
});

test("a JPEG whose bytes end early is refused, not thrown", async () => {
  const whole = await canvas().jpeg().toBuffer();
  const outcome = await preparePhoto({ name: "broken.jpg", bytes: whole.subarray(0, 200) });
  expect(outcome.ok).toBe(false);
});

test("more than 10 MB is refused", async () => {
  const outcome = await preparePhoto({
    name: "huge.jpg",
    bytes: new Uint8Array(maxPhotoBytes + 1),
  });
  expect(outcome).toEqual({
    ok: false,
    reason: "invalid",
    message: "“huge.jpg” is larger than 10 MB.",
  });
});

test("the orientation is applied to the pixels, and a large photo is made at most 2,560 px", async () => {
  const turned = await canvas(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  const upright = await preparePhoto({ name: "turned.jpg", bytes: turned });
  expect(upright.ok && [upright.photo.width, upright.photo.height]).toEqual([200, 400]);

  const large = await canvas(6000, 4000).jpeg().toBuffer();
  const smaller = await preparePhoto({ name: "large.jpg", bytes: large });
  expect(smaller.ok && [smaller.photo.width, smaller.photo.height]).toEqual([2560, 1707]);
});

test("an upload is all or nothing: a sixth photo or one bad file refuses the batch", async () => {
  const good = { name: "ok.png", bytes: await canvas().png().toBuffer() };
  const bad = { name: "notes.jpg", bytes: new TextEncoder().encode("hello") };
  expect(await preparePhotos([good, good], 4)).toEqual({
    ok: false,
    reason: "invalid",
    message: "You can add up to 5 photos to a request.",
  });
  expect(await preparePhotos([good, bad], 0)).toEqual({
    ok: false,
    reason: "invalid",
    message: "“notes.jpg” is not a JPEG, PNG or WebP photo.",
  });
  const accepted = await preparePhotos([good, good], 0);
  expect(accepted.ok && accepted.photos).toHaveLength(2);
});

/** A valid PNG whose header is rewritten to declare `width` x `height` (its CRC made right). */
async function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(await canvas(8, 8).png().toBuffer());
  // Signature (8), IHDR length (4) and type (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

test("a file that declares 100000 x 100000 pixels is refused before anything is decoded", async () => {
  const bomb = await pngDeclaring(100_000, 100_000);
  expect(bomb.byteLength).toBeLessThan(1_000);
  expect(await preparePhoto({ name: "bomb.png", bytes: bomb })).toEqual({
    ok: false,
    reason: "invalid",
    message: "“bomb.png” could not be read as a photo.",
  });
});

test("the largest phone photo there is (16384 x 12288, 200 MP) passes, from a file on disk", async () => {
  expect(16384 * 12288).toBeLessThan(maxPhotoPixels);
  const directory = await mkdtemp(path.join(tmpdir(), "photo-test-"));
  try {
    const file = path.join(directory, "IMG_0001.jpg");
    const bytes = await canvas(16384, 12288).jpeg({ quality: 40 }).toBuffer();
    await writeFile(file, bytes);
    const outcome = await preparePhoto({ name: "IMG_0001.jpg", path: file, size: bytes.length });
    expect(outcome.ok && [outcome.photo.width, outcome.photo.height]).toEqual([2560, 1920]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

test("a JPEG that decodes only with a warning (bytes where a marker should be) is refused", async () => {
  const jpeg = await canvas(64, 64).jpeg().toBuffer();
  const scanStart = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  const damaged = Buffer.concat([
    jpeg.subarray(0, scanStart),
    Buffer.from([1, 2, 3]),
    jpeg.subarray(scanStart),
  ]);
  // libjpeg only warns ("3 extraneous bytes before marker") and would go on.
  await expect(sharp(damaged, { failOn: "error" }).toBuffer()).resolves.toBeDefined();
  expect(await preparePhoto({ name: "damaged.jpg", bytes: damaged })).toEqual({
    ok: false,
    reason: "invalid",
    message: "“damaged.jpg” could not be read as a photo.",
  });
});

test("the work queue runs two at a time, keeps a bounded line in order, and refuses past it", async () => {
  const queue = new WorkQueue(2, 3);
  const releases: (() => void)[] = [];
  const started: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const task = (index: number) => () =>
    new Promise<number>((resolve) => {
      started.push(index);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      releases.push(() => {
        running -= 1;
        resolve(index);
      });
    });
  const runs = [0, 1, 2, 3, 4].map((index) => queue.run(task(index)));
  await expect(queue.run(task(5))).rejects.toBeInstanceOf(QueueFull);
  expect([queue.running, queue.waiting]).toEqual([2, 3]);
  while (releases.length > 0 || started.length < 5) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    releases.shift()?.();
  }
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(mostAtOnce).toBe(2);
  expect([queue.running, queue.waiting]).toEqual([0, 0]);
  // A task that fails gives its place back too.
  await expect(queue.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
  expect(queue.running).toBe(0);
});
