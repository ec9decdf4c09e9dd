// The physical limit for `npm run bench:pages`: a bare node:http server answering the same bytes
// from memory, with no framework, no headers beyond the two a browser needs, and no work per request.
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: memory-server <file> <port>");
const body = readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
    });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1");
