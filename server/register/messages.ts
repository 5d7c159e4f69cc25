/**
 * Registration, activation and contact messages the specification does not give (like
 * server/auth/messages.ts). They belong with contract/messages.ts once the contract owner takes them
 * over; until then the server's tests pin them.
 */
export const registerMessages = {
  activated: 'Your account is activated. You can now log in.',
  activationUsed: 'This activation link has already been used. Your account is active; please log in.',
  activationExpired: 'This activation link has expired. Please request a new one.',
  activationInvalid: 'This activation link is invalid.',
  activationResent: 'If an account is waiting for activation, a new link has been sent.',
  /** 422 field messages of the server-side registration checks against the countries table. */
  unknownCountry: 'Please choose a country from the list.',
  codeMismatch: 'The country code does not match the chosen country.',
  companyMismatch: 'The company does not serve the chosen country.',
} as const
