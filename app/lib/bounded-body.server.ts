export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

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
