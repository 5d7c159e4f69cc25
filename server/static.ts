import { serveStatic } from '@hono/node-server/serve-static'
import type { Env, Hono, MiddlewareHandler, Schema } from 'hono'
import { except } from 'hono/combine'
import { etag } from 'hono/etag'

// serveStatic's onFound runs after the response is built, too late to add headers to it.
const cacheControl =
  (value: string): MiddlewareHandler =>
  async (c, next) => {
    await next()
    if (c.res.status === 200 || c.res.status === 206 || c.res.status === 304) {
      c.res.headers.set('Cache-Control', value)
      // The same URL may be answered from file.br, file.gz or the file itself: caches must key on the header.
      if (!/accept-encoding/i.test(c.res.headers.get('Vary') ?? ''))
        c.res.headers.append('Vary', 'Accept-Encoding')
    }
  }

/**
 * Serves the built SPA from `root`: Vite's hashed `/assets/*` are immutable, every other file and the
 * `index.html` fallback for client-side routes must be revalidated. `/api/*` is left to the API. A file's
 * `.br` or `.gz` twin, written at build by scripts/precompress.ts, is sent when the client accepts it; nothing
 * is compressed per request.
 */
export function mountStaticSite<E extends Env, S extends Schema, B extends string>(
  app: Hono<E, S, B>,
  root: string,
): void {
  app.get(
    '/assets/*',
    cacheControl('public, max-age=31536000, immutable'),
    serveStatic({ root, precompressed: true }),
  )
  // The staff console is its own page (staff.html, its own code and routes): every /staff address is answered
  // with it, and its router takes the rest.
  for (const path of ['/staff', '/staff/*']) {
    app.get(
      path,
      cacheControl('no-cache'),
      etag(),
      serveStatic({ root, path: 'staff.html', precompressed: true }),
    )
  }
  app.get(
    '*',
    except(
      ['/api', '/api/*', '/assets/*'],
      cacheControl('no-cache'),
      etag(),
      serveStatic({ root, precompressed: true }),
      serveStatic({ root, path: 'index.html', precompressed: true }),
    ),
  )
}
