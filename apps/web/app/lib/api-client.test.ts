import { describe, expect, it } from "vitest";
import { apiRequest, readAnswer } from "./api-client.ts";

const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

describe("readAnswer (the web's one reading of an API answer)", () => {
  it("gives the envelope's data, or the whole body when asked", async () => {
    expect(await readAnswer(json({ success: true, data: { id: 1 }, total: 3 }))).toEqual({ ok: true, status: 200, data: { id: 1 } });
    expect(await readAnswer(json({ success: true, data: { id: 1 }, total: 3 }), { read: "body" })).toEqual({
      ok: true,
      status: 200,
      data: { success: true, data: { id: 1 }, total: 3 },
    });
  });

  it("tolerates answers without an envelope: a plain object, an array, an empty 204", async () => {
    expect(await readAnswer(json({ token: "t" }))).toEqual({ ok: true, status: 200, data: { token: "t" } });
    expect(await readAnswer(json([1, 2]))).toEqual({ ok: true, status: 200, data: [1, 2] });
    expect(await readAnswer(new Response(null, { status: 204 }))).toEqual({ ok: true, status: 204, data: {} });
  });

  it("a refusal carries the envelope's message and its field errors", async () => {
    const answer = json({ success: false, message: "Please check the form", errors: { email: "Enter an e-mail" } }, 400);
    expect(await readAnswer(answer, { fallback: "unused" })).toEqual({
      ok: false,
      status: 400,
      message: "Please check the form",
      errors: { email: "Enter an e-mail" },
    });
  });

  it("success: false is a refusal even with status 200", async () => {
    expect(await readAnswer(json({ success: false, message: "No" }))).toEqual({ ok: false, status: 200, message: "No" });
  });

  it("without the server's words: a framework's error text, then the caller's fallback, then the status", async () => {
    expect(await readAnswer(json({ error: "Not Found" }, 404))).toMatchObject({ message: "Not Found" });
    expect(await readAnswer(json({ message: "  " }, 500), { fallback: "Failed to load" })).toMatchObject({ message: "Failed to load" });
    expect(await readAnswer(json({}, 502))).toMatchObject({ message: "HTTP error! status: 502" });
  });

  it("a non-JSON failure: its words can be made from the status, status text and raw text", async () => {
    const answer = new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" });
    const result = await readAnswer(answer, { describe: ({ status, statusText, text, isJson }) => `${status} ${statusText} ${isJson} ${text}` });
    expect(result).toEqual({ ok: false, status: 502, message: "502 Bad Gateway false <html>Bad gateway</html>" });
  });

  it("`describe` words every failure, the server's message included", async () => {
    const result = await readAnswer(json({ success: false, message: "Taken" }, 409), { describe: ({ serverMessage }) => `Sorry: ${serverMessage}` });
    expect(result).toEqual({ ok: false, status: 409, message: "Sorry: Taken" });
  });
});

describe("apiRequest", () => {
  it("a request that gets no answer is a failure with status 0 and the caller's words for it", async () => {
    // Outside a browser a relative address cannot be reached: fetch rejects as it does offline.
    expect(await apiRequest("/health", { network: "Offline" })).toEqual({ ok: false, status: 0, message: "Offline" });
    expect(await apiRequest("/health", { fallback: "Failed to load" })).toEqual({ ok: false, status: 0, message: "Failed to load" });
  });
});
