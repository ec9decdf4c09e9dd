// A plain static file server: the comparison point for `npm run bench:pages`.
import express from "express";

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error("usage: static-server <dir> <port>");
const app = express();
app.use(express.static(root));
app.listen(Number(port), "127.0.0.1");
