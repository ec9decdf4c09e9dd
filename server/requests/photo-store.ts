/**
 * The homeowner's photos in the database: each photo's row and its bytes in parts, written and
 * read as base64 (see below), and read back only for staff of the request's office.
 */
import { randomUUID } from "node:crypto";

import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";

import type { StateSlug } from "~/content/states";

import type { Database, Transaction } from "../db/database";
import { requestPhotoParts, requestPhotos, serviceRequests } from "../db/schema";
import type { PreparedPhoto } from "./photos";

/** Photo ids are UUIDs: anything else names no photo (and is not worth a query). */
export function isPhotoId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** How many photos a request holds. */
export async function storedPhotos(q: Database | Transaction, requestId: string): Promise<number> {
  const [stored] = await q
    .select({ total: count() })
    .from(requestPhotos)
    .where(eq(requestPhotos.requestId, requestId));
  return stored?.total ?? 0;
}

/** Writes one prepared photo of a request, inside the transaction that adds them; its id. */
export async function storePhoto(
  tx: Transaction,
  requestId: string,
  photo: PreparedPhoto,
): Promise<string> {
  const photoId = randomUUID();
  await tx.insert(requestPhotos).values({
    id: photoId,
    requestId,
    contentType: photo.contentType,
    byteSize: photo.byteSize,
    width: photo.width,
    height: photo.height,
    thumbnail: bytesFromBase64(photo.thumbnail),
  });
  // A statement a part, and a turn of the event loop between them: embedded PGlite runs
  // each statement on this thread and answers at once, so without the turn a whole
  // upload's statements ran as one task that held every other request for seconds.
  for (let part = 0; part * photoPartBytes < photo.data.length; part += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = photo.data.subarray(part * photoPartBytes, (part + 1) * photoPartBytes);
    await tx.insert(requestPhotoParts).values({ photoId, part, data: bytesFromBase64(bytes) });
  }
  return photoId;
}

/** The photos of the requests of the given offices (the desk's lead page), newest last. */
export async function photosOfRequest(
  db: Database,
  requestId: string,
  offices: readonly StateSlug[],
) {
  if (offices.length === 0) return [];
  return db
    .select({
      id: requestPhotos.id,
      contentType: requestPhotos.contentType,
      width: requestPhotos.width,
      height: requestPhotos.height,
      byteSize: requestPhotos.byteSize,
      createdAt: requestPhotos.createdAt,
    })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(
      and(eq(requestPhotos.requestId, requestId), inArray(serviceRequests.office, [...offices])),
    )
    .orderBy(asc(requestPhotos.createdAt));
}

/**
 * One photo's bytes, for staff of the request's office only (or the homeowner, through their
 * request's office); `thumbnail` for its small square, where it has one.
 */
export async function photoBytes(
  db: Database,
  requestId: string,
  photoId: string,
  offices: readonly StateSlug[],
  { thumbnail = false } = {},
) {
  if (offices.length === 0) return null;
  const [photo] = await db
    .select({
      id: requestPhotos.id,
      contentType: requestPhotos.contentType,
      // A thumbnail's request reads the whole photo only where it has no thumbnail.
      data: thumbnail
        ? sql<
            string | null
          >`case when ${requestPhotos.thumbnail} is null then encode(${requestPhotos.data}, 'base64') end`
        : base64Of(requestPhotos.data),
      thumbnail: thumbnail ? base64Of(requestPhotos.thumbnail) : sql<null>`null`,
    })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(
      and(
        eq(requestPhotos.id, photoId),
        eq(requestPhotos.requestId, requestId),
        inArray(serviceRequests.office, [...offices]),
      ),
    );
  if (!photo) return null;
  if (photo.thumbnail !== null) {
    return { contentType: "image/webp", data: Buffer.from(photo.thumbnail, "base64") };
  }
  if (photo.data !== null) {
    return { contentType: photo.contentType, data: Buffer.from(photo.data, "base64") };
  }
  const parts = await db
    .select({ data: base64Of(requestPhotoParts.data) })
    .from(requestPhotoParts)
    .where(eq(requestPhotoParts.photoId, photo.id))
    .orderBy(asc(requestPhotoParts.part));
  return {
    contentType: photo.contentType,
    data: Buffer.concat(parts.map((part) => Buffer.from(part.data ?? "", "base64"))),
  };
}

/** A photo's bytes are stored in parts of this size (`request_photo_parts`). */
const photoPartBytes = 256 * 1024;

/**
 * Photo bytes travel to and from the database as base64 text, decoded by the database: PGlite
 * passes a bytea parameter or column as hex that it converts in JavaScript, about ten times
 * slower (and with more memory) than base64, on the thread that answers every request.
 */
function bytesFromBase64(bytes: Buffer): SQL<Buffer> {
  return sql<Buffer>`decode(${bytes.toString("base64")}, 'base64')`;
}

function base64Of(
  column:
    typeof requestPhotos.data | typeof requestPhotos.thumbnail | typeof requestPhotoParts.data,
): SQL<string | null> {
  return sql<string | null>`encode(${column}, 'base64')`;
}
