/** The hidden form field people never fill (see Honeypot); bots that fill it are ignored. */
export const honeypotName = "website";
