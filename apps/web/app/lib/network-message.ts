/** The learning pages' words when the server did not answer (kept out of the API client, which every page loads). */
export const NETWORK_MESSAGE = "Network error occurred. Please check your connection and try again.";
