/**
 * The learning area's messages, constants, tracks and pure helpers, free of the schema library, so
 * the browser can use them without loading zod (the catalogue, course and lesson pages hydrate
 * sooner without it). learning.ts re-exports everything here next to the schemas.
 */
export const LEARNING_MESSAGES = {
  courseNotFound: "Course not found",
  lessonNotFound: "Lesson not found",
  alreadyEnrolled: "Already enrolled in this course",
  mustEnroll: "You must enroll in this course to complete lessons",
  alreadyCompleted: "Lesson already completed",
  authRequired: "Authentication required",
  certificateNotReady: "Complete every lesson of this course to get your certificate.",
  certificateNotFound: "Certificate not found",
  notEnrolled: "You are not enrolled in this course",
  certificateNeedsPass: "Pass the final assessment of this course to get your certificate.",
  loginRequired: "You need to be logged in to access this content. Please sign in to continue your learning journey.",
  loginRequiredNote: "Access all courses, track your progress, and earn certificates",
  courseEnrolled: "Course Enrolled!",
  lessonCompletedToast: "Lesson Completed!",
  completeFailed: "Failed to mark lesson as complete. Please try again.",
  progressFailed: "Failed to load course progress. Please refresh the page.",
  tracksFailed: "Failed to load learning tracks",
  noTrackCourses: "No courses found for this track.",
  noDescription: "No description available",
  lessonTextLoading: "Loading the lesson text…",
  lessonTextFailed: "The lesson text could not be loaded. Check your connection and try again.",
} as const;

export const DIFFICULTIES = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const COURSE_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
export const LESSON_CACHE_MS = 300_000;
export const DEFAULT_LESSON_DURATION = "15 min";
export const TOAST_MS = { enrolled: 4000, lessonCompleted: 3000 } as const;

/** The learning tracks: one per course category, in catalogue order. */
export type Track = { slug: string; title: string; filterLabel: string | null; description: string };
export const TRACKS: Track[] = [
  {
    slug: "real-estate-tokenization",
    title: "Real Estate Tokenization",
    filterLabel: "Real Estate",
    description: "From a single building to a tokenized portfolio: SPVs, valuation, rental distributions, operations and exits.",
  },
  {
    slug: "physical-assets-and-commodities",
    title: "Physical Assets and Commodities",
    filterLabel: "Physical Assets",
    description: "Gold, energy and other physical assets on-chain: custody, audits, warehouse receipts, insurance and redemption.",
  },
  {
    slug: "securities-tokenization",
    title: "Securities Tokenization",
    filterLabel: "Security",
    description: "Shares, funds and bonds as tokens: securities law, permissioned token standards, transfer agents and corporate actions.",
  },
  {
    slug: "nfts-and-digital-assets",
    title: "NFTs and Digital Assets",
    filterLabel: "NFT and Digital",
    description: "Non-fungible tokens beyond art: standards, metadata, provenance for physical items, royalties and wallet security.",
  },
  {
    slug: "advanced-topics",
    title: "Advanced Topics",
    filterLabel: "Advanced",
    description: "DeFi composability, oracles, custody infrastructure, tokenomics, liquidity design and accounting for RWA tokens.",
  },
  {
    slug: "certified-tokenization-agent",
    title: "Certified Tokenization Agent",
    filterLabel: null,
    description: "A professional programme to originate, structure and onboard tokenized deals end to end, with a capstone case.",
  },
  {
    slug: "ambassador-program",
    title: "Ambassador Program",
    filterLabel: null,
    description: "For community ambassadors: explaining tokenized assets honestly, the limits of what an ambassador may say, meetups and community quests.",
  },
];

/** A track slug is the category lower-cased with spaces turned into hyphens. */
export function trackSlug(category: string): string {
  return category.trim().toLowerCase().replace(/\s+/g, "-");
}

export function trackDescription(category: string): string {
  return TRACKS.find((t) => t.title === category)?.description ?? `Learn about ${category} tokenization.`;
}

/** Track length in hours: half an hour per lesson, rounded down (spec). */
export const trackHours = (lessons: number) => Math.floor(lessons * 0.5);

export function levelColor(difficulty: string): string {
  if (difficulty === "Beginner") return "green";
  if (difficulty === "Intermediate") return "amber";
  if (difficulty === "Advanced") return "violet";
  return "slate";
}

export function progressPercentage(completed: number, total: number): number {
  return total > 0 ? Math.round((100 * completed) / total) : 0;
}

/** A course's enrolment count as its page and its cards show it: "12+ Students". */
export const studentsLabel = (enrollmentCount: number) => `${enrollmentCount}+ Students`;

/** "1h 30m", or minutes only under an hour; N/A for nothing. */
export function formatDuration(minutes: number | string | null | undefined): string {
  if (typeof minutes === "string") return minutes.trim() || "N/A";
  if (!minutes || minutes <= 0) return "N/A";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h}h ${m}m` : `${h}h`) : `${m}m`;
}

/** Minutes in a lesson duration text such as "25 min" (15 when unreadable). */
export function durationMinutes(text: string | null | undefined): number {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : 15;
}

/**
 * YouTube (watch, youtu.be, shorts, embed) and Vimeo (including unlisted /{id}/{hash}) links as
 * privacy-enhanced embeddable player addresses; anything else is not embedded (undefined).
 */
export function toEmbedUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  const host = parsed.hostname.replace(/^www\.|^m\./, "");
  const youtubeId = (id: string | null | undefined) => (id && /^[\w-]{6,20}$/.test(id) ? id : undefined);
  let id: string | undefined;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = parsed.pathname === "/watch" ? youtubeId(parsed.searchParams.get("v")) : youtubeId(/^\/(?:embed|shorts|live)\/([\w-]+)/.exec(parsed.pathname)?.[1]);
  } else if (host === "youtu.be") {
    id = youtubeId(parsed.pathname.slice(1).split("/")[0]);
  }
  if (id) {
    const start = Number.parseInt(parsed.searchParams.get("t") ?? parsed.searchParams.get("start") ?? "", 10);
    return `https://www.youtube-nocookie.com/embed/${id}${Number.isFinite(start) && start > 0 ? `?start=${start}` : ""}`;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    // vimeo.com/{id}, unlisted vimeo.com/{id}/{hash}, channel and group pages, player.vimeo.com/video/{id}?h={hash}
    const match = /^\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{1,12})(?:\/([^/]+))?\/?$/.exec(parsed.pathname);
    if (!match) return undefined;
    const hash = match[2] ?? parsed.searchParams.get("h") ?? undefined;
    // An unlisted video's hash is hexadecimal; anything else would smuggle parameters into the player.
    if (hash !== undefined && !/^[0-9a-f]{6,32}$/.test(hash)) return undefined;
    return `https://player.vimeo.com/video/${match[1]}?${hash ? `h=${hash}&` : ""}dnt=1`;
  }
  return undefined;
}
