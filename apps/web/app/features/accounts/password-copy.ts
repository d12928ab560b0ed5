import { ADMIN_PASSWORD_MIN, PASSWORD_MIN } from "@vestin/shared/accounts-core";
import { PRODUCT_NAME } from "@vestin/shared/brand";

/** The words of the password link's page: a reset (the spec's texts) or an administrator's invitation. */
export const PASSWORD_LINK_COPY = {
  reset: {
    pageTitle: "Reset your password",
    pageIntro: "Choose a new password in the dialog.",
    dialogTitle: "Create New Password",
    rule: (administrator: boolean) =>
      administrator
        ? `Administrator passwords need at least ${ADMIN_PASSWORD_MIN} characters and must not be a common or breached password: three or four unrelated words make a strong one.`
        : `Choose a password of at least ${PASSWORD_MIN} characters.`,
    submit: "Reset Password",
    busy: "Saving…",
    doneTitle: "Password Changed!",
    doneText: "Your password has been reset. For your security, every device was signed out.",
  },
  invitation: {
    pageTitle: "Set up your administrator account",
    pageIntro: `You have been invited to run the ${PRODUCT_NAME} team console. Choose your password in the dialog.`,
    dialogTitle: "Choose your password",
    rule: () =>
      `It needs at least ${ADMIN_PASSWORD_MIN} characters and must not be a common or breached password: three or four unrelated words make a strong one.`,
    submit: "Set Password",
    busy: "Setting…",
    doneTitle: "Your password is set",
    doneText: `Your administrator account is ready. Sign in with your e-mail address and this password; before the console opens, it asks you to set up two-factor sign-in with an authenticator app.`,
  },
  invalidTitle: "This link no longer works",
  invalidText:
    "Password links work once, and for a limited time: one hour for a reset, a day for an invitation. Ask for a new one with your e-mail address; an administrator whose invitation has expired can also ask for one here.",
  newLink: "Send me a new link",
} as const;
