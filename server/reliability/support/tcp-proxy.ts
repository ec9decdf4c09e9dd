import net from "node:net";

/** What happens to a connection made to the proxy. */
export type ProxyMode =
  /** Passed on to the target. */
  | "forward"
  /** Accepted and never answered: a server that hangs, or a network that drops everything. */
  | "blackhole";

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL, SMTP), to take that server
 * away and bring it back without touching it: `refuse()` closes every connection and refuses
 * new ones, as a stopped server does; `mode = "blackhole"` accepts and never answers;
 * `replyDelayMs` slows every answer.
 */
export class TcpProxy {
  mode: ProxyMode = "forward";
  replyDelayMs = 0;
  readonly #target: { host: string; port: number };
  readonly #pairs = new Set<Pair>();
  #server: net.Server | undefined;
  #port = 0;
  #connections = 0;

  private constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  static async start(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.#listen(port);
    return proxy;
  }

  get port(): number {
    return this.#port;
  }

  /** Connections accepted so far. */
  get connections(): number {
    return this.#connections;
  }

  /** Closes every open connection (both ends see it reset). */
  cut(): void {
    for (const pair of this.#pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.#pairs.clear();
  }

  /** Stops listening (connections are refused) and closes every open connection. */
  async refuse(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      this.cut();
    });
  }

  /** Listens again on the same port, forwarding. */
  async restore(): Promise<void> {
    this.mode = "forward";
    if (!this.#server) await this.#listen(this.#port);
  }

  async close(): Promise<void> {
    await this.refuse();
    this.cut();
  }

  async #listen(port: number): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.#server = server;
    this.#port = (server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    this.#connections += 1;
    const pair: Pair = { client, upstream: null };
    this.#pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.upstream?.destroy();
      this.#pairs.delete(pair);
    };
    client.on("error", drop);
    client.on("close", drop);
    if (this.mode === "blackhole") {
      client.resume();
      return;
    }
    const upstream = net.connect(this.#target.port, this.#target.host);
    pair.upstream = upstream;
    upstream.on("error", drop);
    upstream.on("close", drop);
    client.on("data", (chunk: Buffer) => upstream.write(chunk));
    // Answers keep their order however the delay changes.
    let lastDueAt = 0;
    upstream.on("data", (chunk: Buffer) => {
      const dueAt = Math.max(Date.now() + this.replyDelayMs, lastDueAt);
      lastDueAt = dueAt;
      const delay = dueAt - Date.now();
      if (delay <= 0) client.write(chunk);
      else setTimeout(() => client.writable && client.write(chunk), delay);
    });
  }
}
