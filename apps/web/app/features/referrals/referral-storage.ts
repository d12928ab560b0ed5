import type { ReferralList } from "@vestin/shared/referrals";

/*
 * A person's own referral code, kept after they join a list so its success page (and a later
 * visit) can show their link and standing. It is their own record of a service they asked for
 * (functional storage, like the e-mail the presale success page reads), not tracking.
 */
const key = (list: ReferralList) => `vestin_referral_${list}`;
const CODE = /^[a-z2-7]{10}$/;

export function storedReferralCode(list: ReferralList): string | null {
  try {
    const code = localStorage.getItem(key(list));
    return code && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function storeReferralCode(list: ReferralList, code: string | undefined): void {
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(key(list), code);
  } catch {
    // Storage unavailable (private mode): the link is still in the confirmation e-mail.
  }
}
