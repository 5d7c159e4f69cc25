/** Timings and browser storage keys of the specification (sections 3, 4 and 9). */

export const timings = {
  /** Without activity for this long, the session ends. */
  idleTimeoutMs: 15 * 60 * 1000,
  /** Toasts and snackbars stay this long unless dismissed. */
  toastMs: 3000,
  /** Registration's loading flag clears this long after the response. */
  registerLoadingClearMs: 1000,
  /** After a successful login, the app goes to /user/home after this long. */
  loginRedirectMs: 300,
  /** The loader's message changes after each step of this length. */
  loaderStepMs: 3000,
} as const

/** localStorage keys, exactly as the specification names them. */
export const storageKeys = {
  authToken: 'authToken',
  lastActivityTimestamp: 'lastActivityTimestamp',
  currentUser: 'eshipUser',
  apiData: 'apiData',
  quoteData: 'quoteData',
} as const

/** sessionStorage key: the auth-check ping has run in this browser session. */
export const sessionStorageKeys = { pinged: 'hasPingedLaravel' } as const

/** Request header that keeps a request from showing the loading overlay. */
export const skipLoaderHeader = 'X-Skip-Loader'
