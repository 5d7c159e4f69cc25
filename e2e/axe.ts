import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** WCAG 2.1 A and AA: the rules every check here runs. */
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * The WCAG 2.1 rule axe marks experimental and leaves out of a run by tags unless named: a control's name
 * that does not contain its visible text (2.5.3; the top bar's account button on a phone had one). Its other
 * experimental WCAG 2.1 rule, css-orientation-lock (1.3.4), reads every stylesheet before each run, and no
 * style here names an orientation.
 */
const wcag21Experimental = { 'label-content-name-mismatch': { enabled: true } }

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/** Each violation as `rule: element, element`, all of them or the serious and critical ones. */
const listed = (violations: Pick<Violation, 'id' | 'impact' | 'nodes'>[], seriousOnly: boolean) =>
  violations
    .filter((violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)

/**
 * axe's WCAG 2.1 A and AA rules on the page as it is now, each violation as `rule: element, element`.
 * The logged-in pages are held to every violation; the public pages, whose copy and colours come from the
 * spec, to the serious and critical ones (`seriousOnly`).
 */
export async function axeViolations(page: Page, { seriousOnly = false } = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(wcag21aa)
    // axe runs in the page itself (and its same-origin frames) instead of gathering each frame's results in
    // a blank page it opens: the same rules and results in half the time (1.2 s instead of 2.5 to 3.7 s a
    // page here). The pages have no frames from elsewhere, which only the new mode reaches.
    .setLegacyMode(true)
    .analyze()
  return listed(results.violations, seriousOnly)
}

/** The axe that @axe-core/playwright puts in pages, the same version. */
const resolve = createRequire(import.meta.url).resolve
const axeSource = readFileSync(
  createRequire(resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * The same rules and WCAG 2.1's experimental 2.5.3, for a sweep of the pages of one app that moves between them without reloading
 * (e2e/axe-pages.spec.ts): axe is put into the document once and run there, without the half a second to
 * a second and a half (on a loaded machine) that putting it in again takes on every check. The top document
 * only: the pages swept have no frames.
 */
export async function axeViolationsInDocument(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
      }
      // Only the violations' elements are wanted: axe describes one element of each other result instead of all.
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      })
      return results.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map(({ target }) => ({ target })),
      }))
    },
    { tags: wcag21aa, rules: wcag21Experimental },
  )
  return listed(violations as Pick<Violation, 'id' | 'impact' | 'nodes'>[], false)
}
