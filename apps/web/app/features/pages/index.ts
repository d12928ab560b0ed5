/** The pages feature's public entry: what other features may use. */
export { useCountUp } from "./hooks/use-count-up";
