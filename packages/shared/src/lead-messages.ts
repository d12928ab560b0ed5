import { PRODUCT_NAME } from "./brand.ts";

/** Lead capture's limits and every message the spec gives for its forms, word for word (re-exported by leads.ts). */
export const COMMENTS_MAX = 500;
export const NAME_MAX = 100;
export const TEXT_MAX = 200;
export const EMAIL_MAX = 254;
export const URL_MAX = 2048;
export const HANDLE_MAX = 50;
export const WALLET_LENGTH = 42;

export const LEAD_MESSAGES = {
  // Shared by every form
  fieldRequired: "This field is required",
  tooLong: (max: number) => `Please use ${max} characters or fewer`,
  commentsTooLong: "Comments must be 500 characters or fewer",
  countryInvalid: "Please choose a country from the list",
  noCountries: "No countries found",
  errorWithMessage: (message: string) => `Sorry, there was an error: ${message}`,

  // Contact enquiry
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  confirmEmailRequired: "Please confirm your email address",
  emailMismatch: "Email addresses do not match",
  businessTypeOtherRequired: "Please describe your business type",
  businessTypeInvalid: "Please choose one of the listed business types",
  interestedInInvalid: "Please choose one of the listed interests",
  plannedAssetsInvalid: "Please choose from the listed asset types",
  contactSubmitting: "Submitting your message...",
  contactSuccess: "Thank you for your message! We will get back to you shortly.",
  contactFailure: "Sorry, there was an error sending your message. Please try again.",
  commentsCounter: (count: number) => `${count} of ${COMMENTS_MAX} max characters`,

  // Partnership application
  organizationRequired: "Please enter your organization name",
  websiteRequired: "Please enter your website URL",
  urlInvalid: "Please enter a full web address starting with http:// or https://",
  contactNameRequired: "Please enter your full name",
  contactNameTwoWords: "Please enter both first and last name",
  countryRequired: "Please select your country",
  emailOrTelegramRequired: "Please enter an email address or a Telegram handle",
  emailOrTelegramInvalid: "Enter a valid email address or a Telegram handle such as @yourname (5-32 letters, digits or underscores)",
  partnershipTypeRequired: "Please select at least one partnership type",
  partnershipTypeInvalid: "Please choose from the listed partnership types",
  otherPartnershipTypeRequired: 'Please specify the partnership type when selecting "Other"',
  partnershipSubmitting: "Submitting your partnership application...",
  partnershipSuccess: "Thank you for your partnership application! We will review your submission and get back to you shortly.",
  partnershipFailure: "Sorry, there was an error submitting your application. Please try again.",

  // Presale whitelist (wizard steps 1 to 7)
  presaleEmailRequired: "Please enter your email address",
  presaleEmailInvalid: "Please enter a valid email address",
  presaleNameRequired: "Please enter your full name",
  walletRequired: "Please enter your wallet address",
  walletPrefix: "Wallet address must start with 0x",
  walletLength: "Wallet address must be 42 characters long (including 0x)",
  walletInvalid: "Please enter a valid Ethereum wallet address",
  experienceRequired: "Please select your crypto experience level",
  rangeRequired: "Please select your investment range",
  referenceRequired: "Please select how you heard about us",
  goalRequired: "Please select your investment goals",
  presaleEmailTaken: "This email is already on the presale whitelist",
  presaleWalletTaken: "This wallet address is already registered",
  presaleNotFound: "This email is not on the presale whitelist",
  presaleSuccessToast: `Presale registration successful! Welcome to ${PRODUCT_NAME} presale.`,
  presaleFailureToast: "Failed to submit presale registration. Please try again.",
  presaleSuccessBanner: "Thank you! Your presale application has been submitted successfully.",
  presaleApiDefault: "Failed to submit presale form",
  presaleNetworkError: "Network error occurred. Please check your connection and try again.",
  queueLoaded: "Queue position loaded successfully!",
  queueNoPosition: "Unable to load queue position. Using default values.",
  queueFailed: "Failed to load queue position. Using default values.",

  // Testnet waitlist
  fullNameRequired: "Full name is required",
  waitlistEmailRequired: "Email is required",
  waitlistEmailInvalid: "Enter a valid email address",
  handleInvalid: "Invalid handle",
  waitlistEmailTaken: "This email is already on the waitlist",
  waitlistSuccess: "Thanks! You're on the list.",
  waitlistRequestFailed: (status: number) => `Request failed (${status})`,
  waitlistGenericError: "Something went wrong. Please try again.",

  // Airdrop claim
  zealyUnknown: "This Zealy username is not among the sprint participants",
  airdropClaimed: "This airdrop has already been claimed",
  searchEmailInvalid: "A valid email address is required",
  claimApiFailed: (status: number, statusText: string) => `API request failed: ${status} ${statusText}`,
  claimGenericError: "An error occurred while submitting the form",
  resultErrorHeading: "Error Loading Data",
  resultNoEmail: "User email not found in localStorage. Please complete verification first.",
  resultFetchFailed: (status: number, statusText: string, body: string) => `Failed to fetch user data: ${status} ${statusText} - ${body}`,
  resultNoUser: "No user data found for the provided email.",
  resultLoadFailed: "Failed to load user data",
} as const;
