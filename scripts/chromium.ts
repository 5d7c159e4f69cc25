import { existsSync } from 'node:fs'

/**
 * Debian's Chromium, as Playwright (tests) and chrome-launcher (bench) start it. Playwright cannot
 * download its own browsers here, and the machine has no internet: background networking stays off.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser the Playwright tests drive: Debian's headless shell (package chromium-headless-shell), the
 * same Chromium build without a browser's window machinery, as Playwright itself runs headless tests. On
 * this 2-core machine it opens a context in 0.2 s instead of 0.5 and loads and hydrates a page in half the
 * time. The bench keeps the full browser, whose numbers are a person's; without the shell the tests use it too.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell'
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath)

export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
