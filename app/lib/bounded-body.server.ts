/**
 * Request bodies read within a bound, whatever their headers claim: small forms whole into
 * memory, photo uploads streamed part by part to temporary files, so that memory holds a few
 * chunks per upload however many arrive at once. Past 250 lines: the streaming multipart reader
 * (RFC 7578) and its limits are one state machine, kept beside the form reader they bound alike.
 */
import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The most a page form's body may hold (a desk note of 4,000 characters, escaped, fits). */
export const formBodyLimitBytes = 64 * 1024;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

/** A multipart body that does not follow RFC 7578 (no boundary, a part cut short, ...). */
export class MalformedBody extends Error {}

/**
 * The request's body, refused past `limit` bytes whatever Content-Length claims (a chunked body
 * has none). The rest is read and dropped (the server's request time-out bounds it), so the
 * client gets the answer instead of a connection closed under it, and memory never holds more
 * than `limit`.
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size <= limit) chunks.push(read.value);
  }
  if (size > limit) throw new BodyTooLarge(limit);
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The body read within `limit`, parsed as the form its Content-Type says. */
export async function formDataWithin(request: Request, limit: number): Promise<FormData> {
  const body = await readBodyWithin(request, limit);
  const contentType = request.headers.get("Content-Type") ?? "";
  return new Response(body, { headers: { "Content-Type": contentType } }).formData();
}

/** A posted form's text fields (files are left out). */
export interface PostedForm {
  /** The field's first value, or "" when it was not sent. */
  text(name: string): string;
  /** Every value of a repeated name (an invitation's offices). */
  list(name: string): string[];
  /** Every field by name, the first value of a repeated one. */
  fields(): Record<string, string>;
}

/**
 * The one way every form's action reads its body (the public forms, the desk, the private
 * page): read within `limit` bytes, whatever the headers claim, then parsed as its Content-Type
 * says. The page handler (server/page-requests.ts) has already refused a body that is too large
 * or unreadable with a 4xx before a route's action runs.
 */
export async function postedForm(
  request: Request,
  limit = formBodyLimitBytes,
): Promise<PostedForm> {
  const form = await formDataWithin(request, limit);
  const texts = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    text: (name) => texts(name)[0] ?? "",
    list: texts,
    fields() {
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        if (typeof value === "string" && !(key in fields)) fields[key] = value;
      });
      return fields;
    },
  };
}

export function isMultipart(request: Request): boolean {
  return /^\s*multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
}

export interface SpooledFile {
  /** The form field's name. */
  field: string;
  /** The name the browser gave the file (untrusted). */
  name: string;
  /** Where its bytes are, until the form is disposed of. */
  path: string;
  size: number;
}

export interface SpooledForm {
  fields: URLSearchParams;
  /** The files kept: at most `maxFiles`, none empty or past `maxFileBytes`. */
  files: SpooledFile[];
  /** The names of files past `maxFileBytes`, not kept. */
  oversized: string[];
  /** How many files came past `maxFiles`, not kept. */
  extraFiles: number;
  /** Deletes the temporary files. */
  dispose(): Promise<void>;
}

export interface MultipartLimits {
  /** The whole body. */
  maxBytes: number;
  maxFileBytes: number;
  maxFiles: number;
  /** Each text field (the page's fields are a word or two). */
  maxFieldBytes?: number;
  maxFields?: number;
}

const headerEnd = Buffer.from("\r\n\r\n");
const maxHeaderBytes = 8 * 1024;

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function parameterOf(header: string, name: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${name}=(?:"([^"]*)"|([^;\\s]*))`, "i").exec(header);
  return match ? (match[1] ?? match[2] ?? "") : null;
}

/** One part being read: a field into memory, a file into its temporary file. */
interface Part {
  write(bytes: Buffer): Promise<void>;
  end(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Collects the parts of one body; temporary files go into a directory of their own, made on
 * the first file and removed with everything in it by `dispose`.
 */
class Spool {
  readonly fields = new URLSearchParams();
  readonly files: SpooledFile[] = [];
  readonly oversized: string[] = [];
  extraFiles = 0;
  #directory: string | null = null;
  #fieldCount = 0;

  constructor(readonly limits: Required<MultipartLimits>) {}

  async #path(): Promise<string> {
    this.#directory ??= await mkdtemp(path.join(tmpdir(), "upload-"));
    return path.join(this.#directory, String(this.files.length + this.oversized.length));
  }

  begin(headerBlock: string): Part {
    const lines = headerBlock.split("\r\n");
    const header = (name: string) =>
      lines
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim() ?? "";
    const disposition = header("content-disposition");
    if (!/^form-data\s*(?:;|$)/i.test(disposition)) {
      throw new MalformedBody("A part is not form-data");
    }
    const field = parameterOf(disposition, "name");
    if (field === null) throw new MalformedBody("A part has no name");
    const fileName = parameterOf(disposition, "filename");
    return fileName === null ? this.#field(field) : this.#file(field, fileName);
  }

  #field(field: string): Part {
    this.#fieldCount += 1;
    if (this.#fieldCount > this.limits.maxFields) throw new MalformedBody("Too many fields");
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      write: async (bytes) => {
        size += bytes.byteLength;
        if (size > this.limits.maxFieldBytes) throw new MalformedBody("A field is too long");
        chunks.push(Buffer.from(bytes));
      },
      end: async () => {
        this.fields.append(field, Buffer.concat(chunks).toString("utf8"));
      },
      abort: async () => {},
    };
  }

  #file(field: string, name: string): Part {
    const { maxFileBytes, maxFiles } = this.limits;
    let handle: FileHandle | null = null;
    let filePath = "";
    let size = 0;
    let kept = this.files.length < maxFiles;
    const close = async () => {
      await handle?.close();
      handle = null;
    };
    return {
      write: async (bytes) => {
        size += bytes.byteLength;
        if (!kept || bytes.byteLength === 0) return;
        if (size > maxFileBytes) {
          kept = false;
          await close();
          return;
        }
        if (!handle) {
          filePath = await this.#path();
          handle = await open(filePath, "wx", 0o600);
        }
        await handle.write(bytes);
      },
      end: async () => {
        await close();
        // An empty file input sends a part with no name and no bytes: nothing was chosen.
        if (size === 0) return;
        if (size > maxFileBytes) this.oversized.push(name);
        else if (!kept) this.extraFiles += 1;
        else this.files.push({ field, name, path: filePath, size });
      },
      abort: close,
    };
  }

  async dispose() {
    if (this.#directory) await rm(this.#directory, { recursive: true, force: true });
    this.#directory = null;
  }
}

type State = "preamble" | "after-delimiter" | "headers" | "body" | "epilogue";

/**
 * A `multipart/form-data` body parsed as it arrives: each file written to a temporary file as
 * its bytes come (so memory holds a chunk or two, never the body), refused past
 * `limits.maxBytes` in all whatever Content-Length claims. Files past `maxFileBytes` or
 * `maxFiles` are read but not kept, and named in the answer. On a refusal the rest of the body
 * is read and dropped (the server's time-out bounds it), so the client gets the answer.
 * Dispose of the answer once its files are read.
 */
export async function spoolMultipart(
  request: Request,
  limits: MultipartLimits,
): Promise<SpooledForm> {
  const boundary = boundaryOf(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) throw new MalformedBody("No multipart boundary");
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const spool = new Spool({ maxFieldBytes: 16 * 1024, maxFields: 20, ...limits });
  let state = "preamble" as State;
  let part = null as Part | null;

  /** Takes what it can from `buffer`; answers the bytes it must see more of to decide. */
  async function consume(buffer: Buffer): Promise<Buffer> {
    for (;;) {
      switch (state) {
        case "preamble": {
          const at = buffer.indexOf(delimiter);
          if (at === -1) return buffer.subarray(Math.max(0, buffer.length - delimiter.length));
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-delimiter";
          break;
        }
        case "after-delimiter": {
          if (buffer.length < 2) return buffer;
          const next = buffer.toString("latin1", 0, 2);
          if (next === "--") {
            state = "epilogue";
            return Buffer.alloc(0);
          }
          if (next !== "\r\n") throw new MalformedBody("A boundary is not followed by CRLF");
          buffer = buffer.subarray(2);
          state = "headers";
          break;
        }
        case "headers": {
          const at = buffer.indexOf(headerEnd);
          if (at === -1) {
            if (buffer.length > maxHeaderBytes)
              throw new MalformedBody("A part's head is too long");
            return buffer;
          }
          part = spool.begin(buffer.toString("utf8", 0, at));
          buffer = buffer.subarray(at + headerEnd.length);
          state = "body";
          break;
        }
        case "body": {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            // The end may hold the start of a delimiter: kept until the next chunk tells.
            const safe = buffer.length - (delimiter.length - 1);
            if (safe <= 0) return buffer;
            await part!.write(buffer.subarray(0, safe));
            return Buffer.from(buffer.subarray(safe));
          }
          await part!.write(buffer.subarray(0, at));
          await part!.end();
          part = null;
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-delimiter";
          break;
        }
        case "epilogue":
          return Buffer.alloc(0);
      }
    }
  }

  // The first delimiter has no CRLF before it when there is no preamble.
  let pending: Buffer = Buffer.from("\r\n");
  let size = 0;
  let problem: Error | null = null;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (problem) continue;
    if (size > limits.maxBytes) {
      problem = new BodyTooLarge(limits.maxBytes);
      continue;
    }
    const chunk = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
    try {
      pending = await consume(pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk);
    } catch (error) {
      problem = error instanceof Error ? error : new MalformedBody(String(error));
    }
  }
  if (!problem && state !== "epilogue") problem = new MalformedBody("The body ended early");
  if (problem) {
    await part?.abort();
    await spool.dispose();
    throw problem;
  }
  return {
    fields: spool.fields,
    files: spool.files,
    oversized: spool.oversized,
    extraFiles: spool.extraFiles,
    dispose: () => spool.dispose(),
  };
}
