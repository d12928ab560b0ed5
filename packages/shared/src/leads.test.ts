import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  poolShareOf,
  contactSchema,
  fieldErrors,
  filterCountries,
  hasValidChecksum,
  isCountryCode,
  LEAD_MESSAGES,
  maskTelegram,
  maskWallet,
  partnerSchema,
  presaleFieldError,
  showsPlannedAssets,
  splitContactName,
  toChecksumAddress,
  waitlistSchema,
  walletAddressError,
} from "./leads.ts";

/** The examples published with EIP-55. */
const EIP55_MIXED = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];
const EIP55_ALL_CAPS = ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"];
const EIP55_ALL_LOWER = ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"];

/** Flips the case of the first letter of the hex part. */
function flipOneLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address.charAt(i);
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

describe("EIP-55 wallet checksums", () => {
  it("accepts the published mixed-case, all-caps and all-lower examples", () => {
    for (const address of [...EIP55_MIXED, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER]) {
      expect(hasValidChecksum(address), address).toBe(true);
      expect(walletAddressError(address), address).toBeUndefined();
    }
  });

  it("computes the checksum spelling of each example", () => {
    for (const address of EIP55_MIXED) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it("refuses a mixed-case address with one letter's case flipped", () => {
    for (const address of EIP55_MIXED) {
      const broken = flipOneLetter(address);
      expect(broken).not.toBe(address);
      expect(hasValidChecksum(broken), broken).toBe(false);
      expect(walletAddressError(broken)).toBe(LEAD_MESSAGES.walletInvalid);
    }
  });

  it("gives the wizard's three messages in order", () => {
    expect(walletAddressError("")).toBe(LEAD_MESSAGES.walletRequired);
    expect(walletAddressError("   ")).toBe(LEAD_MESSAGES.walletRequired);
    expect(walletAddressError("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("Wallet address must start with 0x");
    expect(walletAddressError("0x1234")).toBe("Wallet address must be 42 characters long (including 0x)");
    expect(walletAddressError(`${EIP55_ALL_LOWER[0]}a`)).toBe("Wallet address must be 42 characters long (including 0x)");
    expect(walletAddressError("0xzz709f2102306220921060314715629080e2fb77")).toBe("Please enter a valid Ethereum wallet address");
    expect(walletAddressError(`  ${EIP55_MIXED[0]}  `)).toBeUndefined();
  });
});

describe("countries", () => {
  it("lists every ISO 3166-1 country with its English name, sorted by name", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
    expect(COUNTRIES.find((c) => c.code === "GB")?.name).toBe("United Kingdom");
    expect(COUNTRIES[0]?.name).toBe("Afghanistan");
    expect(isCountryCode("de")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
  });

  it("filters by name, case- and accent-insensitive", () => {
    expect(filterCountries("GERM").map((c) => c.code)).toEqual(["DE"]);
    expect(filterCountries("ALAND I").map((c) => c.code)).toEqual(["AX"]);
    expect(filterCountries("zzz")).toEqual([]);
    expect(filterCountries("  ")).toHaveLength(COUNTRIES.length);
  });
});

describe("contact schema", () => {
  const valid = {
    firstName: " Ada ",
    lastName: "Lovelace",
    email: "Ada@Example.com",
    confirmEmail: "ada@example.com ",
  };

  it("trims, lower-cases the e-mail and drops the confirmation", () => {
    const parsed = contactSchema.parse(valid);
    expect(parsed).toMatchObject({ firstName: "Ada", email: "ada@example.com", plannedAssets: [], consent: false });
    expect("confirmEmail" in parsed).toBe(false);
  });

  it("reports the mismatch on confirmEmail and the other-type text when needed", () => {
    const result = contactSchema.safeParse({ ...valid, confirmEmail: "other@example.com", businessType: "other" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      confirmEmail: "Email addresses do not match",
      businessTypeOther: LEAD_MESSAGES.businessTypeOtherRequired,
    });
  });

  it("refuses comments over 500 characters, unknown countries and enum values", () => {
    const result = contactSchema.safeParse({
      ...valid,
      comments: "x".repeat(501),
      country: "XX",
      businessType: "bank",
      plannedAssets: ["gold"],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      comments: "Comments must be 500 characters or fewer",
      country: LEAD_MESSAGES.countryInvalid,
      businessType: LEAD_MESSAGES.businessTypeInvalid,
      plannedAssets: LEAD_MESSAGES.plannedAssetsInvalid,
    });
    expect(contactSchema.safeParse({ ...valid, comments: "x".repeat(500) }).success).toBe(true);
  });

  it("keeps only the progressive fields the answers show", () => {
    const other = contactSchema.parse({
      ...valid,
      businessType: "other",
      businessTypeOther: "Family office",
      interestedIn: "tokenization",
      plannedAssets: ["energy"],
    });
    expect(other).toMatchObject({ businessTypeOther: "Family office", interestedIn: undefined, plannedAssets: [] });
    const assets = contactSchema.parse({
      ...valid,
      businessType: "marketplace",
      businessTypeOther: "x",
      interestedIn: "tokenization",
      plannedAssets: ["energy", "energy", "real-estate"],
    });
    expect(assets).toMatchObject({
      businessTypeOther: undefined,
      interestedIn: "tokenization",
      plannedAssets: ["energy", "real-estate"],
    });
    expect(showsPlannedAssets("marketplace", "tokenization")).toBe(true);
    expect(showsPlannedAssets("marketplace", "other")).toBe(false);
    expect(showsPlannedAssets("other", "tokenization")).toBe(false);
    expect(showsPlannedAssets("marketplace", undefined)).toBe(false);
  });
});

describe("partnership schema", () => {
  const valid = {
    organizationName: "Solaris Energy",
    primaryContactName: "Ana  Maria Silva",
    websiteUrl: "https://solaris.example",
    emailOrTelegram: "@solaris_team",
    country: "pt",
    partnershipTypes: ["Strategic Partner"],
  };

  it("splits the contact name and upper-cases the country", () => {
    expect(splitContactName("  Ana  Maria Silva ")).toEqual({ firstName: "Ana", lastName: "Maria Silva" });
    expect(partnerSchema.parse({ ...valid, firstName: "ignored" })).toMatchObject({
      firstName: "Ana",
      lastName: "Maria Silva",
      country: "PT",
    });
  });

  it("gives the spec's texts for names and the Other type", () => {
    const one = partnerSchema.safeParse({ ...valid, primaryContactName: "Ana", partnershipTypes: ["Other"] });
    expect(one.success).toBe(false);
    if (one.success) return;
    expect(fieldErrors(one.error)).toEqual({
      primaryContactName: "Please enter both first and last name",
      otherPartnershipType: 'Please specify the partnership type when selecting "Other"',
    });
    const empty = partnerSchema.safeParse({ ...valid, primaryContactName: " ", partnershipTypes: [] });
    expect(empty.success || fieldErrors(empty.error)).toMatchObject({
      primaryContactName: "Please enter your full name",
      partnershipTypes: LEAD_MESSAGES.partnershipTypeRequired,
    });
  });

  it("accepts only http(s) URLs and an e-mail or a Telegram handle", () => {
    for (const websiteUrl of ["ftp://x.example", "javascript:alert(1)", "solaris.example", "https://nodot"]) {
      expect(partnerSchema.safeParse({ ...valid, websiteUrl }).success, websiteUrl).toBe(false);
    }
    for (const emailOrTelegram of ["@abc", "solaris", "@has space", `@${"a".repeat(33)}`]) {
      expect(partnerSchema.safeParse({ ...valid, emailOrTelegram }).success, emailOrTelegram).toBe(false);
    }
    expect(partnerSchema.safeParse({ ...valid, emailOrTelegram: "team@solaris.example" }).success).toBe(true);
  });
});

describe("presale steps", () => {
  it("gives each step's message", () => {
    expect(presaleFieldError("email", "")).toBe("Please enter your email address");
    expect(presaleFieldError("email", "not-an-email")).toBe("Please enter a valid email address");
    expect(presaleFieldError("fullName", "  ")).toBe("Please enter your full name");
    expect(presaleFieldError("walletAddress", "")).toBe("Please enter your wallet address");
    expect(presaleFieldError("cryptoExperience", "")).toBe("Please select your crypto experience level");
    expect(presaleFieldError("investmentRange", "$1")).toBe("Please select your investment range");
    expect(presaleFieldError("reference", undefined)).toBe("Please select how you heard about us");
    expect(presaleFieldError("additionalInfo", "")).toBe("Please select your investment goals");
    expect(presaleFieldError("additionalInfo", "long-term")).toBeUndefined();
  });
});

describe("waitlist schema", () => {
  it("checks names, e-mails and optional handles", () => {
    const result = waitlistSchema.safeParse({
      username: "",
      email: "a@b.c",
      twitterHandle: "@bad handle",
      telegramHandle: "x".repeat(51),
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      username: "Full name is required",
      email: "Enter a valid email address",
      twitterHandle: "Invalid handle",
      telegramHandle: "Invalid handle",
    });
    expect(waitlistSchema.parse({ username: "Kim", email: "KIM@x.io", twitterHandle: "", telegramHandle: "@kim.lee-1" })).toEqual({
      username: "Kim",
      email: "kim@x.io",
      twitterHandle: undefined,
      telegramHandle: "@kim.lee-1",
    });
    const missing = waitlistSchema.safeParse({});
    expect(missing.success || fieldErrors(missing.error)).toEqual({
      username: "Full name is required",
      email: "Email is required",
    });
  });
});

describe("airdrop rewards and masks", () => {
  it("gives the page's share: 8,247 of 445,000 XP is 1.85%", () => {
    expect(poolShareOf(8247, 445_000)).toEqual({ basisPoints: 185, poolShare: 0.0185 });
    expect(poolShareOf(445_000, 445_000)).toEqual({ basisPoints: 10_000, poolShare: 1 });
    expect(poolShareOf(5, 0)).toEqual({ basisPoints: 0, poolShare: 0 });
  });

  it("masks wallets and Telegram accounts", () => {
    expect(maskWallet("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe("0x5aae…eaed");
    expect(maskTelegram("@abcdef")).toBe("@ab…");
    expect(maskTelegram("abcdef")).toBe("@ab…");
  });
});
