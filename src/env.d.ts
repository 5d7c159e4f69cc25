/** The site's public origin, set by vite.config.ts from `SITE_URL` (see src/app/site-url.ts). */
declare const __SITE_URL__: string
