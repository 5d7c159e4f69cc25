import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe's WCAG 2.1 A and AA rules on the page as it is now, each violation as `rule: element, element`.
 * The logged-in pages are held to every violation; the public pages, whose copy and colours come from the
 * spec, to the serious and critical ones (`seriousOnly`).
 */
export async function axeViolations(page: Page, { seriousOnly = false } = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe runs in the page itself (and its same-origin frames) instead of gathering each frame's results in
    // a blank page it opens: the same rules and results in half the time (1.2 s instead of 2.5 to 3.7 s a
    // page here). The pages have no frames from elsewhere, which only the new mode reaches.
    .setLegacyMode(true)
    .analyze()
  return results.violations
    .filter((violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
