/**
 * The ceiling of `npm run bench`: a bare Fastify server in a process of its own that answers each
 * registered endpoint's very bytes (the compressed form the browser got, with its Content-Type and
 * Content-Encoding). Nothing is computed per request: what is left is Fastify and Node's HTTP.
 */
import Fastify from "fastify";

type Stored = { type: string; encoding: string | undefined; body: Buffer };
const stored = new Map<string, Stored>();
const app = Fastify({ logger: false });
app.addContentTypeParser("application/octet-stream", { parseAs: "buffer", bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => done(null, body));

app.put<{ Params: { id: string } }>("/register/:id", async (request, reply) => {
  const encoding = request.headers["x-body-encoding"];
  stored.set(request.params.id, {
    type: String(request.headers["x-body-type"] ?? "application/octet-stream"),
    encoding: typeof encoding === "string" && encoding !== "identity" ? encoding : undefined,
    body: request.body as Buffer,
  });
  return reply.status(204).send();
});

app.get<{ Params: { id: string } }>("/b/:id", async (request, reply) => {
  const entry = stored.get(request.params.id);
  if (!entry) return reply.status(404).send();
  void reply.header("content-type", entry.type);
  if (entry.encoding) void reply.header("content-encoding", entry.encoding);
  return reply.send(entry.body);
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
