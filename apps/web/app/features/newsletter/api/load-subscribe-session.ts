/**
 * A stepping stone for the subscribe form: a module with no imports of its own, so the form's
 * import() of it carries no list of modules to preload into the first JavaScript of the pages that
 * show the form. That list (subscribe-session and the shared modules it uses) sits here, and loads
 * on first use.
 */
export const loadSubscribeSession = () => import("./subscribe-session");
