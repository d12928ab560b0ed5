/** Where the learner's own space and its links lead, in one place. */
export const MY_LEARNING_PATH = "/learn/my-learning";
export const COURSES_PATH = "/learn/courses";
export const coursePath = (courseSlug: string) => `/learn/course/${courseSlug}`;
export const lessonPath = (courseSlug: string, lessonSlug: string) => `/learn/course/${courseSlug}/lesson/${lessonSlug}`;
