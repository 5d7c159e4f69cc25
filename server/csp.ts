import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { secureHeaders } from 'hono/secure-headers'

/**
 * The CSP sources of the inline scripts of the built index.html (the early-input script the prerenderer
 * inlines into every page): `'sha256-…'` of each script's text, so script-src stays 'self' plus exactly
 * those scripts. None when there is no build.
 */
export function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir) return []
  let html: string
  try {
    html = readFileSync(join(staticDir, 'index.html'), 'utf8')
  } catch {
    return []
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  )
}

/**
 * The powerful features of the browser no page of the site uses, denied to every document it serves and to
 * anything it might embed (Permissions-Policy). The staff console's integration keys copy a new secret to
 * the clipboard (navigator.clipboard.writeText), so writing to it stays open to the site itself.
 */
const deniedFeatures = [
  'accelerometer',
  'browsingTopics',
  'camera',
  'clipboardRead',
  'displayCapture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xrSpatialTracking',
] as const

/**
 * The security headers of every answer (docs/security.md "Headers"): HSTS for a year with subdomains, the
 * Content-Security-Policy (scripts from the site and the built index.html's own inline scripts, no framing),
 * X-Frame-Options DENY to agree with `frame-ancestors 'none'` for browsers that know only the older header,
 * and the Permissions-Policy of deniedFeatures. A route's own header wins (the operations desk's file preview
 * sends its sandboxing CSP).
 */
export function securityHeaders(staticDir: string | undefined) {
  return secureHeaders({
    overwrite: false,
    // One year and every subdomain (Hono's default is 180 days without them).
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xFrameOptions: 'DENY',
    permissionsPolicy: {
      ...Object.fromEntries(deniedFeatures.map((feature) => [feature, false])),
      clipboardWrite: ['self'],
    },
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes(staticDir)],
      // react-aria positions overlays with inline styles; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  })
}
