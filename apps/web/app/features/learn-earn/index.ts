/** The learn-and-earn feature's public entry: what routes and other features may use. */
export { AssessmentXp } from "./components/assessment-xp";
export { LearnEarnPanel, XpDisclaimer, XpFigures } from "./components/learn-earn-panel";
export { LearnEarnSection } from "./components/learn-earn-section";
export { XpOffer } from "./components/xp-offer";
export { LEARN_EARN_COPY } from "./copy";
export { courseOffer, placementOffer, trackOffer, type Offers } from "./logic";
export { useLearnEarnOffers } from "./use-offers";
