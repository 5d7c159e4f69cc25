import { type Browser, chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROMIUM_PATH } from './config'
import { onCleanup } from './util'

/**
 * Debian's Chromium with the bench's flags. Signals are handled by bench/run.ts, which closes the browser
 * through onCleanup if a phase is interrupted; `close` closes it and forgets that cleanup.
 */
export async function launchBenchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROME_FLAGS],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  const unregister = onCleanup(() => browser.close())
  return {
    browser,
    close: async () => {
      unregister()
      await browser.close()
    },
  }
}
