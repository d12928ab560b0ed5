import { describe, expect, it } from "vitest";
import { adminAssessmentSchema, type AuthoredQuestion } from "@vestin/shared/assessments";
import {
  blankAssessment,
  blankQuestion,
  draftFromAssessment,
  draftSignature,
  idFromPrompt,
  normalizeIdInput,
  parseDecimal,
  routeErrors,
  switchType,
  validateDraft,
  type AssessmentDraft,
  type QuestionDraft,
} from "./assessment-draft";
import { reportRows } from "./report-rows";

const QUESTIONS: AuthoredQuestion[] = [
  {
    id: "spv-owner",
    lesson: 1,
    type: "single",
    prompt: "Who owns the building?",
    explanation: "The SPV does.",
    options: ["The SPV", "The token holders"],
    answer: 0,
  },
  {
    id: "separateness",
    type: "multiple",
    prompt: "Which keep an SPV separate?",
    explanation: "Own books and accounts.",
    options: ["Own books", "Pooled cash", "Own accounts"],
    answers: [0, 2],
  },
  { id: "record-date", lesson: 4, type: "truefalse", prompt: "The record date fixes who is paid.", explanation: "The snapshot decides.", answer: true },
  {
    id: "yield-after-costs",
    lesson: 2,
    type: "numeric",
    prompt: "Yield after costs, in %?",
    explanation: "6.3 − 1.9 = 4.4",
    answer: 4.4,
    tolerance: 0.05,
    unit: "%",
  },
  { id: "nav-per-token", type: "numeric", prompt: "NAV per token?", explanation: "1,940,000 / 25,000", answer: 77.6, tolerance: 0 },
];
const STORED = { passMark: 70, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: 5, reviewPolicy: "after-pass-only" as const, questions: QUESTIONS };

const question = (draft: AssessmentDraft, index: number): QuestionDraft => {
  const q = draft.questions[index];
  if (!q) throw new Error(`no question ${index}`);
  return q;
};

describe("assessment drafts", () => {
  it("turns a stored assessment into a draft and back without a change", () => {
    const draft = draftFromAssessment(STORED);
    const checked = validateDraft(draft);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value).toEqual(adminAssessmentSchema.parse(STORED));
    // The same content gives the same signature: a freshly loaded draft is not "unsaved".
    expect(draftSignature(draftFromAssessment(STORED))).toBe(draftSignature(draft));
  });

  it("keeps questions per attempt and the review policy, and refuses more per attempt than the bank holds", () => {
    const draft = draftFromAssessment(STORED);
    expect(draft).toMatchObject({ questionsPerAttempt: "5", reviewPolicy: "after-pass-only" });
    expect(draftFromAssessment({ ...STORED, questionsPerAttempt: undefined, reviewPolicy: undefined })).toMatchObject({
      questionsPerAttempt: "10",
      reviewPolicy: "after-pass-or-attempts-used",
    });
    const greedy = validateDraft({ ...draft, questionsPerAttempt: "6" });
    expect(!greedy.ok && greedy.errors.questionsPerAttempt).toBe("Questions per attempt cannot be more than the questions in the bank.");
    expect(!greedy.ok && routeErrors(greedy.errors, draft.questions).settings.questionsPerAttempt).toBeDefined();
    const blank = validateDraft({ ...draft, questionsPerAttempt: "" });
    expect(!blank.ok && blank.errors.questionsPerAttempt).toBe("Questions per attempt is a whole number from 5 to 100");
    expect(draftSignature({ ...draft, reviewPolicy: "never" })).not.toBe(draftSignature(draft));
  });

  it("reads numbers typed with a comma or a point, and refuses the rest", () => {
    expect(parseDecimal("4,4")).toBe(4.4);
    expect(parseDecimal(" 4.4 ")).toBe(4.4);
    expect(parseDecimal("1 000")).toBe(1000);
    expect(parseDecimal("-0,5")).toBe(-0.5);
    expect(parseDecimal(",5")).toBe(0.5);
    for (const bad of ["", "abc", "4,4,4", "1.2.3", "1e3", "4 %"]) expect(parseDecimal(bad)).toBeNaN();
  });

  it("saves a numeric answer typed with a comma as the number", () => {
    const draft = draftFromAssessment(STORED);
    draft.questions[3] = { ...question(draft, 3), numericAnswer: "4,45", tolerance: "0,01" };
    const checked = validateDraft(draft);
    expect(checked.ok && checked.value.questions[3]).toMatchObject({ answer: 4.45, tolerance: 0.01, unit: "%" });
  });

  it("makes a short unique lowercase-hyphen id from a prompt", () => {
    expect(idFromPrompt("Which of these features suggest that a property SPV is bankruptcy remote?", [])).toBe(
      "features-suggest-property-spv-bankruptcy-remote",
    );
    expect(idFromPrompt("Who owns the building?", ["owns-building"])).toBe("owns-building-2");
    expect(idFromPrompt("¿Qué?", [])).toBe("que");
    expect(idFromPrompt("!!!", [])).toBe("question");
    expect(normalizeIdInput("Record Date_Rule")).toBe("record-date-rule");
  });

  it("keeps the prompt, explanation and other answers when the type is switched and back", () => {
    const draft = draftFromAssessment(STORED);
    const multiple = question(draft, 1);
    const asSingle = switchType(multiple, "single");
    expect(asSingle.options.filter((o) => o.right)).toHaveLength(1);
    const asNumber = switchType(asSingle, "numeric");
    expect(asNumber).toMatchObject({ prompt: multiple.prompt, explanation: multiple.explanation, id: multiple.id });
    expect(switchType(asNumber, "single").options.map((o) => o.text)).toEqual(["Own books", "Pooled cash", "Own accounts"]);
    // A single question with two options gets a third blank one as a multiple question needs three.
    expect(switchType(question(draft, 0), "multiple").options).toHaveLength(3);
  });

  it("names each invalid field with the shared schema's words, at the server's paths", () => {
    const draft = draftFromAssessment(STORED);
    draft.passMark = "";
    draft.timed = true;
    draft.timeLimitMinutes = "0";
    draft.questions[1] = { ...question(draft, 1), options: question(draft, 1).options.map((o) => ({ ...o, right: false })) };
    draft.questions[3] = { ...question(draft, 3), numericAnswer: "four" };
    draft.questions[4] = { ...question(draft, 4), id: "spv-owner", lesson: "x" };
    const checked = validateDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      passMark: "The pass mark is a whole percentage from 1 to 100",
      timeLimitMinutes: "The time limit is a whole number of minutes from 1 to 120",
      "questions.1.answers": "Mark at least one right option",
      "questions.3.answer": "The answer must be a number",
      "questions.4.lesson": "The lesson is a lesson number",
      "questions.0.id": "Another question has this id",
      "questions.4.id": "Another question has this id",
      questions: "Two questions have the same id",
    });
  });

  it("asks for five questions, as the server does", () => {
    const fresh = blankAssessment();
    expect(fresh.questions).toHaveLength(1);
    const checked = validateDraft(fresh);
    expect(!checked.ok && checked.errors.questions).toBe("An assessment has at least 5 questions");
    expect(!checked.ok && checked.errors["questions.0.prompt"]).toBe("Question text is required");
    expect(!checked.ok && checked.errors["questions.0.answer"]).toBe("Mark the right option");
  });

  it("routes errors to the question they belong to, wherever it has moved", () => {
    const draft = draftFromAssessment(STORED);
    const extra = blankQuestion();
    const routed = routeErrors(
      {
        passMark: "Too small: expected number to be >=1",
        "questions.2.answer": "Say whether the statement is true or false",
        "questions.9.id": "Unknown",
        questions: "An assessment has at least 5 questions",
        body: "Bad",
      },
      [...draft.questions, extra],
    );
    expect(routed.settings.passMark).toBe("The pass mark is a whole percentage from 1 to 100");
    expect(routed.questions[question(draft, 2).key]).toEqual({ answer: "Say whether the statement is true or false" });
    expect(routed.list).toBe("An assessment has at least 5 questions");
    expect(routed.other).toEqual(["Unknown", "Bad"]);
  });
});

describe("report rows", () => {
  const rows = [
    { id: "a", prompt: "A", type: "single" as const, asked: 10, answered: 10, right: 9, share: 0.9 },
    { id: "b", prompt: "B", type: "numeric" as const, asked: 0, answered: 0, right: 0, share: null },
    { id: "c", prompt: "C", type: "multiple" as const, asked: 10, answered: 10, right: 3, share: 0.3 },
    { id: "d", prompt: "D", type: "truefalse" as const, asked: 10, answered: 10, right: 4, share: 0.4 },
  ];

  it("numbers the questions as in the assessment and flags those under 40 %", () => {
    const out = reportRows(rows, "assessment");
    expect(out.map((r) => [r.id, r.number, r.review])).toEqual([
      ["a", 1, false],
      ["b", 2, false],
      ["c", 3, true],
      ["d", 4, false],
    ]);
  });

  it("puts the hardest first and the unanswered last", () => {
    expect(reportRows(rows, "hardest").map((r) => r.id)).toEqual(["c", "d", "a", "b"]);
  });
});
