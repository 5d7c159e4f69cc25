/**
 * The site configuration on the server: validated at start, and the demo company named in the log of a
 * production server (docs/site-config.md). Mails and the house bill read `siteConfig` (site.config.ts).
 */
import { parseSiteConfig, SITE_CONFIG_FILE, type SiteConfig } from '../contract/site'
import { siteConfig } from '../site.config'

export type { SiteConfig }
export { siteConfig }

/**
 * Validates the configuration (throws, naming the file and every invalid value) and returns the warning a
 * production server logs while it still holds the demo company, or undefined. It never refuses to start: a
 * production build of the demo is legitimate (a staging copy, the bench).
 */
export function checkSiteConfig(config: unknown, production: boolean): string | undefined {
  const site = parseSiteConfig(config)
  if (!site.demo || !production) return undefined
  return (
    `Site configuration: ${SITE_CONFIG_FILE} still holds the demo company (demo: true), so the pages, mails ` +
    `and house bills show ${site.legalName}, ${site.supportEmail} and made-up numbers. Set the company's ` +
    `details and demo: false in ${SITE_CONFIG_FILE}, then rebuild (docs/site-config.md).`
  )
}

/** The registered address on one line: `1 Demo Road, #01-01, Singapore 000000, Singapore`. */
export const addressLine = (site: Pick<SiteConfig, 'address'>) =>
  [...site.address.lines, site.address.country].join(', ')

/** The phone a mail or document gives: the first of the list (Singapore's in the shipped order). */
export const mainPhone = (site: Pick<SiteConfig, 'phones'>) => site.phones[0]
