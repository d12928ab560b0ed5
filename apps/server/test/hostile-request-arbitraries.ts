/** Hostile variants of a route's valid request: parameters, query, body, content type and credentials. */
import fc from "fast-check";
import {
  deepJson,
  hostileJson,
  hostileKey,
  hostileString,
  malformedJson,
  objectText,
  pollutionJson,
  POLLUTION_MARKER,
} from "@vestin/shared/testing/hostile-input";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route under test and a valid request to mutate from. */
export type RouteUnderTest = {
  method: Method;
  /** The path as the OpenAPI description names it, e.g. /api/v1/blogs/{id}/like. */
  path: string;
  /** Path parameters that name an existing resource. */
  params?: Record<string, string>;
  /** A valid JSON body; absent when the route takes none. */
  body?: Record<string, unknown>;
  /** Valid query parameters. */
  query?: Record<string, string>;
  /** The bearer token the route needs (a user's or an admin's). */
  token?: string;
  /** For routes that use the token up (logout): a new token for every request. */
  freshToken?: () => Promise<string>;
  /** An upload route: the body is multipart/form-data. */
  multipart?: boolean;
};

export type HostileRequest = {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, for a readable counterexample. */
  describe: string;
};

/** Percent-encodes every UTF-8 byte (a lone surrogate becomes U+FFFD, as a browser would send it). */
export const encodeSegment = (text: string) => [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

/** Path segments and query values: nasty text, and bytes that are not UTF-8 at all. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 400).map(encodeSegment) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "%00",
      "%FF",
      "%C0%AF",
      "%ED%A0%80",
      "%E2%80%AE",
      "..%2F..%2Fetc",
      "%2e%2e",
      "%25",
      "%",
      "%zz",
      "%%",
      ".",
      "..",
      "a%00b",
      "%F0%9F",
      "1",
      "0",
      "-1",
    ),
  },
);

const TOKEN_PART = /^[\x20-\x7e]*$/;
/** Forged, broken and foreign credentials. */
const hostileAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "Bearer",
    "Bearer ",
    "Bearer null",
    "Bearer undefined",
    "Basic YWRtaW46YWRtaW4=",
    `Bearer ${"a".repeat(5000)}`,
    // alg "none" with an admin claim, and HS256 with a made-up signature.
    "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsImp0aSI6IngiLCJyb2xlIjoiYWRtaW4ifQ.",
    "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwianRpIjoiMSJ9.c2lnbmF0dXJl",
    "Bearer eyJhbGciOiJSUzI1NiJ9.e30.e30",
    "Bearer ../../../etc/passwd",
    "Bearer ' OR 1=1 --",
  ),
  fc
    .string({ unit: "binary-ascii", maxLength: 200 })
    .filter((s) => TOKEN_PART.test(s))
    .map((s) => `Bearer ${s}`),
);

const contentTypes = fc.oneof(
  { weight: 10, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json; charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/vnd.api+json",
      "application/xml",
    ),
  },
);

/** A JSON body: the valid one with fields swapped for hostile values, dropped or joined by strangers; or none of it. */
function hostileBody(valid: Record<string, unknown> | undefined): fc.Arbitrary<string | undefined> {
  const fields = Object.entries(valid ?? {}).map(([key, value]): [string, string] => [key, JSON.stringify(value)]);
  const extras = fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 });
  // Most requests are valid but for one field, so they get past the schema into the service and database.
  const oneField = fields.length
    ? fc
        .tuple(
          fc.nat({ max: fields.length - 1 }),
          fc.oneof({ weight: 3, arbitrary: hostileString.map((v) => JSON.stringify(v)) }, { weight: 1, arbitrary: hostileJson }),
          fc.option(extras, { freq: 4, nil: [] }),
        )
        .map(([index, value, extra]) => objectText([...fields.map(([key, v], i): [string, string] => [key, i === index ? value : v]), ...extra]))
    : extras.map(objectText);
  const manyFields = fc
    .tuple(
      fc.tuple(
        ...fields.map(([key, value]) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant<[string, string] | undefined>([key, value]) },
            { weight: 2, arbitrary: hostileJson.map((json): [string, string] => [key, json]) },
            { weight: 1, arbitrary: fc.constant(undefined) },
          ),
        ),
      ),
      extras,
    )
    .map(([kept, extra]) => objectText([...kept.filter((f): f is [string, string] => f !== undefined), ...extra]));
  const validWithStrangers = extras.map((extra) => objectText([...fields, ...extra]));
  return fc.oneof(
    { weight: valid ? 6 : 1, arbitrary: oneField },
    { weight: valid ? 2 : 1, arbitrary: manyFields },
    { weight: valid ? 2 : 1, arbitrary: validWithStrangers },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: pollutionJson },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: malformedJson },
    { weight: 1, arbitrary: fc.constantFrom(undefined, "", "{}", "null", "[]") },
  );
}

/** A multipart upload: random bytes or a damaged image, under a hostile file name. */
function hostileUpload(): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const boundary = "----vestin-property-boundary";
  const name = fc.oneof(
    fc.constantFrom("a.png", "../../etc/passwd", "x.svg", "x.php.png", '"; filename="evil.html'),
    hostileString.filter((s) => s.length < 200 && !/[\r\n]/.test(s)),
  );
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
    fc.constantFrom(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      Buffer.from("GIF89a<script>alert(1)</script>"),
      Buffer.from("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xff\xff\xff\xff\xff\xff\xff", "latin1"),
    ),
  );
  return fc.tuple(name, bytes, fc.constantFrom("file", "image", "__proto__")).map(([filename, content, field]) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }));
}

function queryString(entries: Array<[string, string]>): string {
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
}

let uniqueCounter = 0;
/**
 * Values that must differ between requests (e-mails, wallets) are written with placeholders in a
 * route's valid body: {unique} becomes a new number, {unique40} 40 new hex digits.
 */
export function fillUnique(payload: string | Buffer | undefined): string | Buffer | undefined {
  if (typeof payload !== "string" || !payload.includes("{unique")) return payload;
  return payload.replace(/\{unique(40)?\}/g, (_m, hex: string | undefined) => {
    uniqueCounter += 1;
    const n = `${Date.now().toString(16)}${uniqueCounter.toString(16).padStart(6, "0")}`;
    return hex ? n.padStart(40, "0").slice(-40) : String(parseInt(n, 16));
  });
}

/** Stands for a fresh valid token until the request is sent. */
export const VALID_TOKEN = "<fresh-token>";

/** Hostile variants of one route's request: parameters, query, body, content type and credentials. */
export function hostileRequests(route: RouteUnderTest): fc.Arbitrary<HostileRequest> {
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const params = fc.tuple(
    ...paramNames.map((name) => {
      const valid = route.params?.[name];
      return valid === undefined
        ? hostileSegment
        : fc.oneof({ weight: 2, arbitrary: fc.constant(encodeURIComponent(valid)) }, { weight: 2, arbitrary: hostileSegment });
    }),
  );
  const validQuery = Object.entries(route.query ?? {}).map(([key, value]): [string, string] => [key, encodeURIComponent(value)]);
  const strangers = fc.array(
    fc.oneof(
      fc.constantFrom<[string, string]>(
        ["__proto__[polluted]", "1"],
        [`constructor[prototype][${POLLUTION_MARKER}]`, "1"],
        ["__proto__", "x"],
        [`__proto__.${POLLUTION_MARKER}`, "1"],
      ),
      fc.tuple(hostileSegment, hostileSegment),
    ),
    { maxLength: 2 },
  );
  // Mostly one hostile parameter among valid ones (so the request reaches the query), sometimes all at once.
  const oneParameter = validQuery.length
    ? fc
        .tuple(fc.nat({ max: validQuery.length - 1 }), hostileSegment, fc.option(strangers, { freq: 4, nil: [] }))
        .map(([index, value, extra]) => [...validQuery.map(([key, v], i): [string, string] => [key, i === index ? value : v]), ...extra])
    : strangers;
  const everyParameter = fc
    .tuple(
      fc.tuple(
        ...validQuery.map(([key, value]) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant<Array<[string, string]>>([[key, value]]) },
            { weight: 3, arbitrary: hostileSegment.map((v): Array<[string, string]> => [[key, v]]) },
            {
              weight: 1,
              arbitrary: fc.tuple(hostileSegment, hostileSegment).map(
                ([a, b]): Array<[string, string]> => [
                  [key, a],
                  [key, b],
                ],
              ),
            },
            { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([]) },
          ),
        ),
      ),
      strangers,
    )
    .map(([fields, extra]) => [...fields.flat(), ...extra]);
  const query = fc.oneof({ weight: 3, arbitrary: oneParameter }, { weight: 1, arbitrary: everyParameter });
  const authorization =
    route.token || route.freshToken
      ? fc.oneof({ weight: 6, arbitrary: fc.constant(`Bearer ${route.token ?? VALID_TOKEN}`) }, { weight: 1, arbitrary: hostileAuthorization })
      : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileAuthorization });
  const body = route.multipart
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: hostileUpload().map((u) => ({ payload: u.payload as string | Buffer | undefined, contentType: u.contentType as string | undefined })),
        },
        { weight: 1, arbitrary: hostileBody(undefined).map((payload) => ({ payload, contentType: "application/json" as string | undefined })) },
      )
    : route.method === "GET"
      ? fc.constant({ payload: undefined, contentType: undefined })
      : fc
          .tuple(hostileBody(route.body), contentTypes)
          .map(([payload, contentType]) => ({ payload: payload as string | Buffer | undefined, contentType: payload === undefined ? undefined : contentType }));

  return fc.tuple(params, query, body, authorization).map(([paramValues, queryEntries, { payload, contentType }, auth]) => {
    let url = route.path;
    paramNames.forEach((name, i) => {
      url = url.replace(`{${name}}`, paramValues[i] ?? "");
    });
    url += queryString(queryEntries);
    const headers: Record<string, string> = {};
    if (contentType) headers["content-type"] = contentType;
    if (auth) headers.authorization = auth;
    const shown =
      typeof payload === "string"
        ? payload.length > 300
          ? `${payload.slice(0, 300)}… (${payload.length} chars)`
          : payload
        : payload
          ? `<${payload.length} bytes>`
          : "(no body)";
    return {
      method: route.method,
      url,
      headers,
      payload,
      describe: `${route.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} [${contentType ?? "-"}] ${auth ? "auth " : ""}${shown}`,
    };
  });
}
