/**
 * The public origin of the site, fixed at build time: canonical links, Open Graph URLs and the sitemap are
 * absolute. `SITE_URL` names it; without it, `APP_URL` (the address in mails), then the local server.
 */
export function siteUrlFrom(env: Record<string, string | undefined>): string {
  const url = env.SITE_URL?.trim() || env.APP_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`
  return new URL(url).origin
}
