/**
 * How long each single-use link the product mails works: the token tables' expiry (server/auth) and the
 * mails that say so (server/mail) read them here. A company invitation's lifetime is in contract/team.ts.
 */

/** An activation link works for 24 hours, once. */
export const ACTIVATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

/** A reset link works for an hour, once; a newer one retires the older. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** A link that ends the account's other session works for 15 minutes, once; a newer one retires the older. */
export const SESSION_RELEASE_TTL_MS = 15 * 60 * 1000
