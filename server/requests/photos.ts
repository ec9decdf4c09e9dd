/**
 * Photos a homeowner adds on the private page, made safe to store: the type read from the
 * bytes, decoded and encoded again without any of the file's metadata, bounded in pixels, in
 * memory and in how many are decoded at once in the whole process.
 */
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import type sharpFunction from "sharp";
import type { Sharp, SharpOptions } from "sharp";

import { maxPhotoBytes, maxPhotos, photoMessages } from "~/domain/photos";

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export interface PreparedPhoto {
  contentType: PhotoType;
  data: Buffer;
  byteSize: number;
  width: number;
  height: number;
  /** A small square WebP of it (`thumbnailSide` pixels) for the homeowner's page. */
  thumbnail: Buffer;
}

/** A photo as it came: in memory, or spooled to a file by the upload's reader. */
export type PhotoSource =
  { name: string; bytes: Uint8Array } | { name: string; path: string; size: number };

export type PhotoRefusal = { ok: false; reason: "invalid" | "busy"; message: string };
export type PhotoOutcome = { ok: true; photo: PreparedPhoto } | PhotoRefusal;

const acceptedTypes = new Set<string>(["image/jpeg", "image/png", "image/webp"]);
/** Larger photos are made smaller: plenty to read an error code or a model plate. */
const maxSide = 2560;
/** Thumbnails are drawn at 96 CSS pixels: twice that for sharp phone screens. */
const thumbnailSide = 192;
/**
 * sharp's own default (16383 x 16383, about 268 MP): a 200 MP phone photo (16384 x 12288)
 * passes, a file that declares 100000 x 100000 does not. The header is checked before any
 * pixel is decoded, and decoding is sequential with shrink-on-load where the format has it
 * (JPEG, WebP), so even the largest photo is never held whole at full size.
 */
export const maxPhotoPixels = 16383 * 16383;

export const photosBusyMessage =
  "Many photos are arriving right now. Please try again in a minute.";

/** The queue was full: the caller answers 503 with Retry-After. */
export class QueueFull extends Error {}

/**
 * At most `concurrency` tasks run at once; up to `maxWaiting` more wait their turn in order,
 * and one past that is refused at once (`QueueFull`) rather than held.
 */
export class WorkQueue {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running() {
    return this.#running;
  }

  get waiting() {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) throw new QueueFull("The queue is full");
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes to the next in line as it is, or is given back.
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/**
 * Decoding is what costs memory (a 48 MP photo is about 150 MB of pixels at full size) and CPU:
 * two at a time in the whole process, the others in line. A place is an upload, which decodes
 * its photos one by one; the uploads read at once are bounded by the caller, so the line is short.
 */
export const photoDecoding = new WorkQueue(2, 24);

let loadedSharp: Promise<typeof sharpFunction> | null = null;

/** sharp on the first photo: libvips held about 15 MB from start-up in a server that may never see one. */
function sharpModule() {
  loadedSharp ??= import("sharp").then(({ default: sharp }) => {
    // No cache of decoded images or open files between photos, one thread per decode: two
    // decodes at once use the two cores they are given and leave the event loop its own.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loadedSharp;
}

const decodeOptions: SharpOptions = {
  failOn: "warning",
  limitInputPixels: maxPhotoPixels,
  sequentialRead: true,
};

async function typeOf(source: PhotoSource) {
  return "bytes" in source ? fileTypeFromBuffer(source.bytes) : fileTypeFromFile(source.path);
}

function encode(pipeline: Sharp, contentType: PhotoType): Sharp {
  return contentType === "image/jpeg"
    ? pipeline.jpeg({ quality: 82, mozjpeg: true })
    : contentType === "image/png"
      ? pipeline.png()
      : pipeline.webp({ quality: 82 });
}

type Checked = { ok: true; source: PhotoSource; contentType: PhotoType } | PhotoRefusal;

/** A photo's size and its type, read from its bytes (never its name): nothing decoded yet. */
async function check(source: PhotoSource): Promise<Checked> {
  const size = "bytes" in source ? source.bytes.byteLength : source.size;
  if (size === 0) return { ok: false, reason: "invalid", message: photoMessages.none };
  if (size > maxPhotoBytes) {
    return { ok: false, reason: "invalid", message: photoMessages.tooLarge(source.name) };
  }
  const detected = await typeOf(source);
  if (!detected || !acceptedTypes.has(detected.mime)) {
    return { ok: false, reason: "invalid", message: photoMessages.notAnImage(source.name) };
  }
  return { ok: true, source, contentType: detected.mime as PhotoType };
}

/**
 * Decoded and encoded again so nothing of the original file survives but the pixels: no EXIF,
 * GPS, XMP, IPTC or camera data (sharp keeps none unless asked), the orientation applied to
 * the pixels. A file that decodes only with warnings (cut short, corrupt) is refused.
 */
async function reencode({
  source,
  contentType,
}: Extract<Checked, { ok: true }>): Promise<PhotoOutcome> {
  const sharp = await sharpModule();
  try {
    const input = "bytes" in source ? source.bytes : source.path;
    const pipeline = sharp(input, decodeOptions)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    const { data, info } = await encode(pipeline, contentType).toBuffer({
      resolveWithObject: true,
    });
    const thumbnail = await sharp(data)
      .resize({ width: thumbnailSide, height: thumbnailSide, fit: "cover" })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      ok: true,
      photo: {
        contentType,
        data,
        byteSize: data.byteLength,
        width: info.width,
        height: info.height,
        thumbnail,
      },
    };
  } catch {
    return { ok: false, reason: "invalid", message: photoMessages.unreadable(source.name) };
  }
}

/** `work` in the process's line of decodes, or "busy" when the line is full. */
async function inLine<T>(work: () => Promise<T>): Promise<T | PhotoRefusal> {
  try {
    return await photoDecoding.run(work);
  } catch (error) {
    if (error instanceof QueueFull) {
      return { ok: false, reason: "busy", message: photosBusyMessage };
    }
    throw error;
  }
}

/** A photo as it may be stored: checked, then made anew in its turn in the line of decodes. */
export async function preparePhoto(source: PhotoSource): Promise<PhotoOutcome> {
  const checked = await check(source);
  if (!checked.ok) return checked;
  return inLine(() => reencode(checked));
}

/**
 * Every photo of one upload prepared, or the first problem: one bad file refuses the whole
 * upload, so nothing is stored that the homeowner did not see accepted. Every file is checked
 * before any is decoded; then the upload takes one place in the line and decodes its photos one
 * after another, so an upload holds at most its own photos' results and the first uploads end
 * first (one place per photo had every upload hold four results until the last was decoded).
 */
export async function preparePhotos(
  files: readonly PhotoSource[],
  alreadyStored: number,
): Promise<{ ok: true; photos: PreparedPhoto[] } | PhotoRefusal> {
  if (files.length === 0) return { ok: false, reason: "invalid", message: photoMessages.none };
  if (alreadyStored + files.length > maxPhotos) {
    return { ok: false, reason: "invalid", message: photoMessages.tooMany };
  }
  const checked: Extract<Checked, { ok: true }>[] = [];
  for (const file of files) {
    const outcome = await check(file);
    if (!outcome.ok) return outcome;
    checked.push(outcome);
  }
  return inLine(async () => {
    const photos: PreparedPhoto[] = [];
    for (const photo of checked) {
      const outcome = await reencode(photo);
      if (!outcome.ok) return outcome;
      photos.push(outcome.photo);
    }
    return { ok: true as const, photos };
  });
}
