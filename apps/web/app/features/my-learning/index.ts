/** The my-learning feature's public entry: what other features may use. */
export { MY_LEARNING_COPY } from "./copy";
export { myCourse } from "./lazy-course";
export { MY_LEARNING_PATH } from "./paths";
