/**
 * The public writes of the bench's write section and their inputs: every request its own new
 * address, wallet, learner-and-course or lesson, so no write is refused as a duplicate. Inputs
 * that need something made first (a signed wallet proof, an open assessment attempt) are made
 * before anything is timed, through the API, and handed out from a finite pool.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export type WriteRequest = { path: string; headers?: Record<string, string>; body?: string };
export type Write = {
  name: string;
  /** The next unused input; undefined when the pool is spent. */
  next(): WriteRequest | undefined;
  /** Inputs left (Infinity for generated ones). */
  left(): number;
};
export type Learners = {
  courses: string[];
  lessons: string[];
  assessed: string[];
  groups: Record<"enrol" | "complete" | "assess", Array<{ id: string; token: string }>>;
};

const JSON_TYPE = { "content-type": "application/json" };
let serial = 0;
const unique = (prefix: string) => `bench.${prefix}.${process.pid}.${Date.now()}.${++serial}@example.com`;
const wallet = () => `0x${(Date.now().toString(16) + (++serial).toString(16).padStart(10, "0")).padStart(40, "b").slice(-40)}`;

function generated(name: string, path: string, body: () => unknown): Write {
  return { name, next: () => ({ path, headers: JSON_TYPE, body: JSON.stringify(body()) }), left: () => Number.POSITIVE_INFINITY };
}

function pooled(name: string, inputs: WriteRequest[]): Write {
  let i = 0;
  return { name, next: () => inputs[i++], left: () => inputs.length - i };
}

async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: { data?: unknown } }> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...JSON_TYPE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { data?: unknown } };
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R | undefined>): Promise<R[]> {
  const results: R[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (i < items.length) {
        const r = await work(items[i++] as T);
        if (r !== undefined) results.push(r);
      }
    }),
  );
  return results;
}

/** Airdrop claims by demo-sprint pioneers the leaderboard lists without a wallet, each signed by a new wallet. */
async function signedClaims(base: string, count: number): Promise<WriteRequest[]> {
  const pioneers = Array.from({ length: Math.min(count, 3000) }, (_, i) => `pioneer-${String(1000 + i).padStart(4, "0")}`);
  return inParallel(pioneers, 16, async (zealyUsername) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const challenge = await post(base, "/api/v1/wallet/challenge", { address: account.address, purpose: "airdrop-claim", zealyUsername });
    if (challenge.status !== 201) throw new Error(`the wallet challenge was refused: ${challenge.status} ${JSON.stringify(challenge.body)}`);
    const message = (challenge.body.data as { message: string }).message;
    const body = { zealyUsername, walletAddress: account.address, email: unique("pioneer"), tgAccount: "@bench_pioneer" };
    const walletProof = { message, signature: await account.signMessage({ message }) };
    return { path: "/api/v1/pioneer-users", headers: JSON_TYPE, body: JSON.stringify({ ...body, walletProof }) };
  });
}

type AttemptQuestion = { id: string; type: string; options: Array<{ id: string }> };
const answerTo = (q: AttemptQuestion) =>
  q.type === "truefalse" ? true : q.type === "numeric" ? 0 : q.type === "multiple" ? [q.options[0]?.id ?? ""] : (q.options[0]?.id ?? "");

/** One open attempt per assessed course for each learner of the assess group, and the answers each will submit. */
async function openAttempts(base: string, learners: Learners, count: number): Promise<WriteRequest[]> {
  // Course by course across learners, so attempts submitted together belong to different learners.
  const pairs = learners.assessed.flatMap((courseId) => learners.groups.assess.map((l) => ({ token: l.token, courseId }))).slice(0, count);
  return inParallel(pairs, 16, async ({ token, courseId }) => {
    const started = await post(base, `/api/v1/courses/${courseId}/assessment/attempts`, {}, token);
    if (started.status !== 201) throw new Error(`could not open an assessment attempt: ${started.status} ${JSON.stringify(started.body)}`);
    const attempt = started.body.data as { id: string; questions: AttemptQuestion[] };
    const answers = attempt.questions.map((q) => ({ questionId: q.id, answer: answerTo(q) }));
    return {
      path: `/api/v1/assessment-attempts/${attempt.id}/submit`,
      headers: { ...JSON_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify({ answers }),
    };
  });
}

/** The public forms' writes, each request with a new address (nothing to make first). */
export function formWrites(): Write[] {
  return [
    generated("POST /auth/register", "/api/v1/auth/register", () => ({
      firstName: "Bench",
      lastName: "Writer",
      email: unique("register"),
      password: "bench-learner-password",
      agreeToTerms: true,
    })),
    generated("POST /contacts", "/api/v1/contacts", () => {
      const email = unique("contact");
      return { firstName: "Ada", lastName: "Lovelace", email, confirmEmail: email, comments: "Tokenizing a solar park." };
    }),
    generated("POST /partners", "/api/v1/partners", () => ({
      organizationName: "Solaris Energy",
      primaryContactName: "Ana Maria Silva",
      websiteUrl: "https://solaris.example",
      emailOrTelegram: unique("partner"),
      country: "PT",
      partnershipTypes: ["Strategic Partner", "Marketing Partner"],
    })),
    generated("POST /presale", "/api/v1/presale", () => ({
      fullName: "Kwame Mensah",
      email: unique("presale"),
      walletAddress: wallet(),
      investmentRange: "$1,000 - $5,000",
      cryptoExperience: "Intermediate",
      reference: "Discord",
      additionalInfo: "long-term",
    })),
    generated("POST /testnet-signup", "/api/v1/testnet-signup", () => ({
      username: "Lena Fischer",
      email: unique("waitlist"),
      twitterHandle: "@lena_f",
      telegramHandle: "",
    })),
    generated("POST /newsletter/subscriptions", "/api/v1/newsletter/subscriptions", () => ({ email: unique("newsletter"), form: "footer", page: "/" })),
  ];
}

/** The public form's write whose name contains `part`; without one, prints the names to pick from under `setting` and exits 2. */
export function formWriteNamed(part: string, setting: string): Write {
  const write = formWrites().find((w) => w.name.includes(part));
  if (write) return write;
  console.error(
    `${setting}: no public form's write is named like "${part}" (${formWrites()
      .map((w) => w.name)
      .join(", ")})`,
  );
  process.exit(2);
}

/**
 * The ten public writes, in the order measured. `pool` is how many inputs to make for each write
 * that needs them made first (fewer when the seeded data allows fewer).
 */
export async function publicWrites(base: string, learners: Learners, pool: number, wanted: (name: string) => boolean = () => true): Promise<Write[]> {
  // Inputs made on the server (signed claims, open attempts) only for the writes wanted: a
  // profile of one write must not hold the work of making another's.
  const claims = wanted("POST /pioneer-users (signed)") ? await signedClaims(base, pool) : [];
  const attempts = wanted("POST /assessment-attempts/{id}/submit") ? await openAttempts(base, learners, pool) : [];
  // Course by course (and lesson by lesson) across learners, so requests in flight together
  // belong to different learners, as on a live site.
  const enrolments = learners.courses.flatMap((courseId) =>
    learners.groups.enrol.map((l) => ({ path: `/api/v1/courses/${courseId}/enroll`, headers: { authorization: `Bearer ${l.token}` } })),
  );
  const completions = learners.lessons.flatMap((lessonId) =>
    learners.groups.complete.map((l) => ({ path: `/api/v1/lessons/${lessonId}/complete`, headers: { authorization: `Bearer ${l.token}` } })),
  );
  const [register, contacts, partners, presale, waitlist, newsletter] = formWrites() as [Write, Write, Write, Write, Write, Write];
  const writes = [
    register,
    contacts,
    partners,
    presale,
    waitlist,
    pooled("POST /pioneer-users (signed)", claims),
    newsletter,
    pooled("POST /courses/{id}/enroll", enrolments),
    pooled("POST /lessons/{id}/complete", completions),
    pooled("POST /assessment-attempts/{id}/submit", attempts),
  ];
  return writes.filter((write) => wanted(write.name));
}
