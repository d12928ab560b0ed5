/** Where the assessment pages live, in one place. */
export const assessmentPath = (course: string, attemptId?: string) =>
  `/learn/course/${course}/assessment${attemptId ? `?attempt=${encodeURIComponent(attemptId)}` : ""}`;
export const certificatePath = (code: string) => `/learn/certificates/${code}`;
export const PLACEMENT_PATH = "/learn/placement";
