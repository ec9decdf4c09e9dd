import net from "node:net";

/**
 * Writes `chunks` to a raw connection to `port`, one every `everyMs`, as a slow or stuck client
 * would; resolves with what came back and when the server closed the connection.
 */
export function trickle(port: number, chunks: string[], everyMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const started = performance.now();
    let answer = "";
    let next = 0;
    const timer = setInterval(() => {
      if (next < chunks.length && socket.writable) socket.write(chunks[next++]!);
    }, everyMs);
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => (answer += data));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    setTimeout(() => reject(new Error("The server kept the connection open")), 10_000);
  });
}
