import sharp from "sharp";
import { expect, test } from "vitest";

import { maxPhotoBytes } from "~/features/requests/photo-rules";

import { preparePhoto, preparePhotos } from "./photos";

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

  const outcome = await preparePhoto(original, "IMG_0042.jpg");
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
    const outcome = await preparePhoto(bytes, "photo");
    expect(outcome.ok && outcome.photo.contentType).toBe(type);
  }
});

test("the type is read from the bytes: a text file named .jpg, a GIF and an SVG are refused", async () => {
  const text = await preparePhoto(new TextEncoder().encode("just some words"), "error-code.jpg");
  expect(text).toEqual({
    ok: false,
    message: "“error-code.jpg” is not a JPEG, PNG or WebP photo.",
  });
  const gif = await preparePhoto(await canvas().gif().toBuffer(), "moving.gif");
  expect(gif.ok).toBe(false);
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  expect((await preparePhoto(svg, "drawing.png")).ok).toBe(false);
});

test("a JPEG whose bytes end early is refused, not thrown", async () => {
  const whole = await canvas().jpeg().toBuffer();
  const outcome = await preparePhoto(whole.subarray(0, 200), "broken.jpg");
  expect(outcome.ok).toBe(false);
});

test("more than 10 MB is refused", async () => {
  const outcome = await preparePhoto(new Uint8Array(maxPhotoBytes + 1), "huge.jpg");
  expect(outcome).toEqual({ ok: false, message: "“huge.jpg” is larger than 10 MB." });
});

test("the orientation is applied to the pixels, and a large photo is made at most 2,560 px", async () => {
  const turned = await canvas(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  const upright = await preparePhoto(turned, "turned.jpg");
  expect(upright.ok && [upright.photo.width, upright.photo.height]).toEqual([200, 400]);

  const large = await canvas(6000, 4000).jpeg().toBuffer();
  const smaller = await preparePhoto(large, "large.jpg");
  expect(smaller.ok && [smaller.photo.width, smaller.photo.height]).toEqual([2560, 1707]);
});

test("an upload is all or nothing: a sixth photo or one bad file refuses the batch", async () => {
  const good = { name: "ok.png", bytes: await canvas().png().toBuffer() };
  const bad = { name: "notes.jpg", bytes: new TextEncoder().encode("hello") };
  expect(await preparePhotos([good, good], 4)).toEqual({
    ok: false,
    message: "You can add up to 5 photos to a request.",
  });
  expect(await preparePhotos([good, bad], 0)).toEqual({
    ok: false,
    message: "“notes.jpg” is not a JPEG, PNG or WebP photo.",
  });
  const accepted = await preparePhotos([good, good], 0);
  expect(accepted.ok && accepted.photos).toHaveLength(2);
});
