/** A count with its noun in the right number: "1 enrolment", "0 enrolments", "1,204 enrolments". */
export const plural = (count: number, word: string, many = `${word}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? word : many}`;
