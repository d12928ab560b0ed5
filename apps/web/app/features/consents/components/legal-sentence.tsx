import { Link } from "react-router";

/** The legal pages a consent sentence names, and where they live. */
export const LEGAL_PAGE_LINKS = {
  "Terms & Conditions": "/terms",
  Terms: "/terms",
  "Privacy Policy": "/privacy",
} as const;

const NAMES = new RegExp(
  `(${Object.keys(LEGAL_PAGE_LINKS)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})`,
);

/**
 * A consent sentence exactly as the server records it (CONSENT_WORDINGS in @vestin/shared), with
 * the legal pages it names shown as links: the words on the screen and in the record are one text.
 */
export function LegalSentence({ text, linkClassName }: { text: string; linkClassName: string }) {
  return (
    <>
      {text.split(NAMES).map((part, i) =>
        Object.hasOwn(LEGAL_PAGE_LINKS, part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered: a piece's place is its identity (a page may be named twice).
          <Link key={i} to={LEGAL_PAGE_LINKS[part as keyof typeof LEGAL_PAGE_LINKS]} className={linkClassName}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}
