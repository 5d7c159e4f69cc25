/**
 * The exact messages of spec section 8 (and section 4) that the client compares against.
 * Spelling is the specification's, misspellings included: clients compare these strings.
 */
export const messages = {
  generic: 'Something went wrong, Please try after some time.',
  registered:
    'Successfully Registered, you will be receiving an email for activation to your registered email address.',
  userAuthenticated: 'User authenticated',
  loggedInElsewhere:
    'You are currently logged in on another device. Please log out from the other device to continue.',
  resetLinkSent: 'Password Reset Link sent to your registered E-Mail.',
  contactAdded: 'Contact Us Added Sucessfully!',
  contactDuplicate: 'This email has already submitted a contact request.',
  contactDuplicateNotice:
    'This email has already submitted a contact request, Our Team Will Contact You Shortly.',
  loggedOut: 'Logged out successfully',
  unauthenticated: 'Unauthenticated.',
  sessionExpiredTitle: 'Session Expired',
  sessionExpiredText: 'Your session has expired due to inactivity, Please log in again to continue.',
  snackbarError: 'Error',
} as const

/** The only user type the SPA accepts at login. */
export const CUSTOMER_USER_TYPE = 'Customer'

/** The global loading overlay's messages (spec section 2): shown at once, after 3 s and after 6 s. */
export const loaderMessages = {
  loading: 'Please wait while loading . . .',
  preparing: "We're preparing your content . . .",
  almostThere: 'Almost there, thanks for your patience !',
} as const
