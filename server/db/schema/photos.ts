// The photos a homeowner added to a request, kept in the database in parts.
import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

import { createdAt, bytea } from "./columns";
import { serviceRequests } from "./requests";

/**
 * Photos a homeowner added, re-encoded without metadata; kept in the database with the request.
 * Their bytes are in `request_photo_parts`; `data` holds those of photos stored before the parts.
 */
export const requestPhotos = pgTable(
  "request_photos",
  {
    id: uuid("id").primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: bytea("data"),
    /** A small square WebP for the homeowner's page; null for photos stored before them. */
    thumbnail: bytea("thumbnail"),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("request_photos_request_idx").on(table.requestId, table.createdAt)],
);

/**
 * A photo's bytes in parts of at most 256 KB, in order: embedded PGlite runs each statement on
 * the thread that answers every request, and a whole photo in one held it for a second or more.
 */
export const requestPhotoParts = pgTable(
  "request_photo_parts",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => requestPhotos.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.part] })],
);
