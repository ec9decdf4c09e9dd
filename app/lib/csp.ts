/**
 * Pages are rendered with this stand-in for the Content-Security-Policy nonce; the server swaps
 * in a fresh random nonce for every response (so cached renders can be reused).
 */
export const cspNoncePlaceholder = "cspnonce0placeholder0000";
