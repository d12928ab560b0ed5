/** Moves focus to a question's first control and scrolls it into view (motion reduced if asked). */
export function focusQuestion(questionId: string) {
  const fieldset = document.getElementById(`question-${questionId}`);
  if (!fieldset) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  fieldset.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  fieldset.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
}
