import net from "node:net";

/**
 * A TCP proxy between a server under test and a dependency it reaches by URL (PostgreSQL, Redis),
 * so a test can take that dependency away without touching the service other tests share:
 * - "up": bytes flow both ways;
 * - "refuse": every proxied connection is cut and the port is closed (new connections are refused);
 * - "blackhole": every proxied connection is cut; new ones are accepted and never answered, like
 *   a host that vanished behind a firewall that drops packets.
 */
export type ProxyMode = "up" | "refuse" | "blackhole";

export type TcpProxy = {
  readonly port: number;
  readonly mode: ProxyMode;
  /** The same connection string (credentials, database, options kept), pointed at the proxy. */
  url(targetUrl: string): string;
  setMode(mode: ProxyMode): Promise<void>;
  /** Open client connections (proxied or swallowed). */
  connectionCount(): number;
  close(): Promise<void>;
};

/** Starts a proxy to the host and port of `targetUrl` (`defaultPort` when the URL names none). */
export async function startTcpProxy(targetUrl: string, defaultPort: number): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || defaultPort);
  let mode: ProxyMode = "up";
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    client.setNoDelay(true);
    if (mode !== "up") return; // black hole: accepted, read by nobody, answered never
    const upstream = net.connect({ host: targetHost, port: targetPort });
    open.add(upstream);
    upstream.setNoDelay(true);
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the proxy has no port");
  const port = address.port;

  const cutEverything = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  return {
    port,
    get mode() {
      return mode;
    },
    url(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    async setMode(next) {
      if (next === mode) return;
      const wasListening = server.listening;
      mode = next;
      cutEverything();
      if (next === "refuse") {
        if (wasListening) await new Promise<void>((resolve) => server.close(() => resolve()));
        return;
      }
      if (!server.listening) {
        // The same port again; a moment's retry if the kernel has not let go of it yet.
        for (let attempt = 0; ; attempt++) {
          try {
            await listen(port);
            break;
          } catch (err) {
            if (attempt >= 20) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }
    },
    connectionCount: () => open.size,
    async close() {
      cutEverything();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
