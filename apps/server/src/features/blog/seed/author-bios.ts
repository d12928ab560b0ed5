/**
 * The bios of the seeded articles' authors, shown on their author pages. A seed writes one only
 * while the author's bio is empty: a bio an administrator has written is never replaced.
 */
export const SEEDED_AUTHOR_BIOS: Readonly<Record<string, string>> = {
  "Priya Raman":
    "Chief Investment Officer at Vestin. Priya leads asset selection and due diligence after a career in project finance for solar, wind and battery storage. Here she writes about custody, token standards and how reserves are proven.",
  "Amara Okafor":
    "Amara writes Vestin's guides to tokenizing real assets: the legal entity behind a token, where the rent and other income go, and what a holder actually owns. She also introduces what is new in the learning area.",
  "Daniel Whitfield":
    "Daniel covers regulation for token holders rather than lawyers: investor verification, KYC and AML onboarding, the US securities exemptions, transfer agents and Europe's MiCA rules.",
  "Hana Kowalski":
    "Hana writes about the $VSTN token and its community: tokenomics, vesting and staking, the presale whitelist, the testnet and the community's quest sprints.",
  "Mateo Alvarez":
    "Mateo writes about the assets beyond buildings: solar power purchase agreements, carbon credit registries and bitcoin mining hosting, and about the partners who bring them to Vestin.",
};
