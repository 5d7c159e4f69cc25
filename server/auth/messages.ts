/**
 * Server messages the specification does not give. They belong with contract/messages.ts once the
 * contract owner takes them over; until then the server's tests pin them.
 */
export const authMessages = {
  invalidCredentials: 'Invalid email or password.',
  notActivated: 'Your account is not activated yet. Please use the link in your activation email.',
  /** A right password of a user an admin deactivated (the customer directory, docs/staff.md). */
  deactivated: 'Your account has been deactivated. Please contact us if you need access again.',
  authenticated: 'Authenticated',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  releaseLinkSent:
    'If another session is open, we have emailed a link that ends it. The link works once, for 15 minutes.',
  releaseInvalid: 'This link has expired or has already been used. Log in again to have a new one sent.',
  sessionReleased: 'Your other session has ended. You can log in now.',
} as const

export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
}

/** The answer of a request refused a place in the password hashing queue (503). */
export function serverBusy(seconds: number): string {
  return `The server is busy. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
}
