/** The consents feature's public entry: the service that records what a person accepted (accounts and leads call it in their own transactions). */
export { createConsentsService, type ConsentsService } from "./service.ts";
