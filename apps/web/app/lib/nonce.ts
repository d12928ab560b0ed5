import { createContext, useContext } from "react";

/** The CSP nonce of this response, provided around the whole app on the server (empty in the browser). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
