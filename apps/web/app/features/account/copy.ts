import { FRESH_SIGN_IN_MINUTES } from "@vestin/shared/me";

/** The texts of the member's own pages (server messages come from ME_MESSAGES in packages/shared). */
export const ACCOUNT_COPY = {
  network: "Network error occurred. Please check your connection and try again.",
  unreadable: "The server sent an answer this page could not read. Please reload the page.",
  loading: "Loading your account…",
  loadFailed: "Your account could not be loaded.",
  tryAgain: "Try again",

  settingsTitle: "Account settings",
  settingsIntro: "Your name, password, the devices you are signed in on and the e-mails you receive.",
  dataTitle: "Your data",
  dataIntro: "Download a copy of everything we hold about your account, or delete the account for good.",

  profileTitle: "Profile",
  profileIntro: "Your name appears in the header and on the certificates you earn.",
  emailReadOnly: "You sign in with this address; it cannot be changed here.",
  saveName: "Save name",

  passwordTitle: "Password",
  passwordIntro: "Changing your password signs you out on every other device. We also send you an e-mail about it.",
  setPasswordTitle: "Set a password",
  setPasswordIntro: "You sign in with Google. Set a password to also sign in with your e-mail address.",
  changePassword: "Change password",
  setPassword: "Set password",

  sessionsTitle: "Sessions",
  sessionsIntro: "The browsers and devices signed in to your account. Sign out any you do not recognise, then change your password.",
  thisDevice: "This device",
  signOutOthers: "Sign out all other sessions",
  noOtherSessions: "You are not signed in anywhere else.",
  signedOutSession: (device: string) => `Signed out ${device}.`,
  signedOutOthers: (n: number) => (n === 0 ? "No other sessions were signed in." : `Signed out ${n} other session${n === 1 ? "" : "s"}.`),

  preferencesTitle: "E-mail preferences",
  preferencesIntro: "Account e-mails (security notices, password resets) are always sent.",
  newsletterLabel: "Course updates and news",
  newsletterHint: "New courses, lessons and product news, about twice a month. You can unsubscribe at any time.",
  newsletterNeverChanged: "You have not changed this since you created your account.",
  newsletterPending: "Almost there: open the link we e-mailed you to start your subscription.",
  newsletterChangedPrefix: (on: boolean) => (on ? "Subscribed on" : "Unsubscribed on"),
  preferencesSaved: "Your e-mail preferences have been saved.",
  savePreferences: "Save preferences",

  exportTitle: "Download my data",
  exportIntro:
    "A JSON file with your account details, your signed-in sessions, your course enrolments and lesson progress, your assessment attempts and certificates, your placement-quiz result, and the forms (waitlist, contact, partnership, presale) you sent us with your e-mail address.",
  exportButton: "Download my data (JSON)",
  exportBusy: "Preparing your file…",
  exportFailed: "Your data could not be downloaded. Please try again.",
  exportDone: (file: string) => `Downloaded ${file}.`,

  deleteTitle: "Delete my account",
  deleteIntro: "Deleting your account cannot be undone.",
  deleteWhat: [
    "your account, name, e-mail address and password",
    "every signed-in session, on every device",
    "your enrolments, lesson progress, assessment attempts and placement result",
    "the forms you sent us with this e-mail address (waitlist, contact, partnership, presale)",
    "your certificates: their verification pages will say they were revoked at your request",
  ],
  deleteOpen: "Delete my account…",
  deleteConfirm: "Delete my account",
  deleteBusy: "Deleting…",
  deleteDialogTitle: "Delete your account?",
  deleteEmailLabel: "Type your e-mail address to confirm",
  deletePasswordLabel: "Your password",
  googleOnly: `Your account signs in with Google and has no password. For your safety, sign in with Google again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes of signing in.`,
  freshSignIn: (minutes: number) => `You signed in on this device ${minutes < 1 ? "less than a minute" : `${minutes} minute${minutes === 1 ? "" : "s"}`} ago.`,
  googleAgain: "Sign in with Google again",
} as const;
