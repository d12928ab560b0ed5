import { ASSESSMENT_DEFAULTS, type ReviewPolicy } from "@vestin/shared/assessments-core";

/**
 * The learner-facing wording of assessments and the placement quiz, in one place. Server messages
 * (ASSESSMENT_MESSAGES in @vestin/shared) are shown as the server sends them; this is the rest.
 */
export const ASSESSMENT_COPY = {
  cardTitle: "Final assessment",
  cardIntro: "A short graded test of this course. Pass it to earn your verified certificate.",
  signedOut: "Sign in and complete every lesson to take the assessment and earn your certificate.",
  signInToTake: "Sign in to take it",
  take: "Take the assessment",
  resume: "Resume your attempt",
  viewCertificate: "View your certificate",
  reviewAttempts: "Review your attempts",
  lessonsToGo: (n: number) => `${n} lesson${n === 1 ? "" : "s"} to go.`,
  lockedLead: "Complete every lesson of this course to open its assessment.",
  /** The time to answer an attempt, said once in the rules: the timed limit, or how long an untimed attempt stays open. */
  timeToAnswer: (minutes: number | null) => (minutes ? `${minutes} minutes` : `${ASSESSMENT_DEFAULTS.openAttemptHours} hours`),
  timeRule: (timed: boolean) =>
    timed
      ? "The clock starts when you begin, and your answers are submitted automatically when the time runs out."
      : "The time starts when you begin. An attempt left unsubmitted when its time is up closes and counts as one of your attempts.",
  timedNote: (minutes: number) => `Timed: you have ${minutes} minutes to answer once you start.`,
  submitBy: (time: string) => `Submit by ${time}. Your answers are kept on this device until then.`,
  rules: [
    "All questions are on one page. You can answer them in any order and change an answer until you submit.",
    "Questions you leave unanswered count as wrong. Your best attempt counts.",
  ],
  /** When the right answers of a graded attempt are shown, as the course's review policy says. */
  reviewRule: (policy: ReviewPolicy, maxAttempts: number) => {
    const attempts = `${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"}`;
    switch (policy) {
      case "after-pass-or-attempts-used":
        return `After each attempt you see which of your answers were wrong and the lesson to reread. The right answers and explanations are shown once you pass, or once you have used all ${attempts} of the window.`;
      case "after-pass-only":
        return "After each attempt you see which of your answers were wrong and the lesson to reread. The right answers and explanations are shown once you pass.";
      case "never":
        return "After each attempt you see which of your answers were wrong and the lesson to reread. This course does not show the right answers.";
    }
  },
  reviewWithKey: "Each question with your answer, the right answer and why.",
  reviewWithoutKey: (policy: ReviewPolicy, maxAttempts: number) => {
    const attempts = `${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"}`;
    const lead = "Each question with your answer and, where it was wrong, the lesson to reread.";
    switch (policy) {
      case "after-pass-or-attempts-used":
        return `${lead} The right answers and explanations appear once you pass, or once you have used all ${attempts} of the window.`;
      case "after-pass-only":
        return `${lead} The right answers and explanations appear once you pass.`;
      case "never":
        return `${lead} This course does not show the right answers.`;
    }
  },
  selectAll: "Select all that apply.",
  numericHint: "Enter a number. A decimal comma or point both work.",
  numericInvalid: "Enter a number, like 4.4 or 4,4.",
  confirmTitle: "Submit with unanswered questions?",
  confirmBody: (n: number) => `${n} question${n === 1 ? " is" : "s are"} still unanswered and will count as wrong.`,
  keepAnswering: "Keep answering",
  submitAnyway: "Submit anyway",
  submit: "Submit answers",
  submitting: "Submitting…",
  timeUp: "Time is up. Your answers were submitted.",
  passedHeading: "You passed",
  failedHeading: "Not passed this time",
  tryAgain: "Try again",
  certificateFollows: "Your certificate follows when you pass the final assessment.",
  takeFinal: "Take the final assessment",
  placementTitle: "Placement quiz",
  placementIntro: "Ten quick questions, two from each track. We will suggest the track and the first course that fit what you already know.",
  placementPromo: "Not sure where to start?",
  placementPromoLink: "Take the placement quiz",
  placementPromoNote: "Ten questions, about five minutes, and a recommended track at the end.",
  retake: "Retake the quiz",
  saveHint: "Sign in before you start and your result is saved to your account.",
} as const;
