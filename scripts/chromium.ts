/**
 * Debian's Chromium, as Playwright (tests) and chrome-launcher (bench) start it. Playwright cannot
 * download its own browsers here, and the machine has no internet: background networking stays off.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
