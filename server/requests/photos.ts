import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

import { maxPhotoBytes, maxPhotos, photoMessages } from "~/features/requests/photo-rules";

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export interface PreparedPhoto {
  contentType: PhotoType;
  data: Buffer;
  byteSize: number;
  width: number;
  height: number;
}

export type PhotoOutcome = { ok: true; photo: PreparedPhoto } | { ok: false; message: string };

const acceptedTypes = new Set<string>(["image/jpeg", "image/png", "image/webp"]);
/** Larger photos are made smaller: plenty to read an error code or a model plate. */
const maxSide = 2560;

/**
 * A photo as it may be stored: its type read from its bytes (never its name), decoded and
 * encoded again so nothing of the original file survives but the pixels: no EXIF, GPS, XMP,
 * IPTC or camera data (sharp keeps none unless asked), the orientation applied to the pixels.
 */
export async function preparePhoto(bytes: Uint8Array, fileName: string): Promise<PhotoOutcome> {
  if (bytes.byteLength === 0) return { ok: false, message: photoMessages.none };
  if (bytes.byteLength > maxPhotoBytes) {
    return { ok: false, message: photoMessages.tooLarge(fileName) };
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !acceptedTypes.has(detected.mime)) {
    return { ok: false, message: photoMessages.notAnImage(fileName) };
  }
  const contentType = detected.mime as PhotoType;
  try {
    const pipeline = sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    const encoded =
      contentType === "image/jpeg"
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : contentType === "image/png"
          ? pipeline.png()
          : pipeline.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      photo: {
        contentType,
        data,
        byteSize: data.byteLength,
        width: info.width,
        height: info.height,
      },
    };
  } catch {
    return { ok: false, message: photoMessages.unreadable(fileName) };
  }
}

/**
 * Every photo of one upload prepared, or the first problem: one bad file refuses the whole
 * upload, so nothing is stored that the homeowner did not see accepted.
 */
export async function preparePhotos(
  files: readonly { name: string; bytes: Uint8Array }[],
  alreadyStored: number,
): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
  if (files.length === 0) return { ok: false, message: photoMessages.none };
  if (alreadyStored + files.length > maxPhotos)
    return { ok: false, message: photoMessages.tooMany };
  const photos: PreparedPhoto[] = [];
  for (const file of files) {
    const outcome = await preparePhoto(file.bytes, file.name);
    if (!outcome.ok) return outcome;
    photos.push(outcome.photo);
  }
  return { ok: true, photos };
}
