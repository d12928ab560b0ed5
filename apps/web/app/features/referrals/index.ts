/** The referrals feature's public entry: what other features may use. */
export { ReferralCard } from "./referral-card";
export { storeReferralCode } from "./referral-storage";
