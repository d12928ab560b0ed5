/* The subscribe card's words, at the end of an article and on /articles (form-copy.ts says why apart). */

export const newsletterCardCopy = {
  heading: "Get new articles by e-mail",
  why: "Guides and analysis on tokenized real-world assets, sent when they are published: a few e-mails a month at most.",
} as const;
