import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test receiver got. */
export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** What the receiver does with a request: answer (status, body), or "hang" to never answer. */
export type ReceiverReply = { status: number; body?: string | Buffer } | "hang";

/**
 * A local HTTP server standing in for a webhook receiver (a CRM, Slack): it keeps every request
 * and answers as the test tells it, one reply per request in turn (the last one repeats).
 */
export async function startReceiver(replies: ReceiverReply[] = [{ status: 200, body: "ok" }]) {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<http.ServerResponse>();
  let plan = [...replies];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const reply = plan.length > 1 ? (plan.shift() as ReceiverReply) : (plan[0] ?? { status: 200 });
      if (reply === "hang") {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      response.writeHead(reply.status, { "content-type": "text/plain" });
      response.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Changes the replies from now on. */
    answer(next: ReceiverReply[]) {
      plan = [...next];
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
