import { compress } from 'hono/compress'
import { createMiddleware } from 'hono/factory'

/** Encodings Hono's compress() can produce. */
const COMPRESSIBLE = /\b(gzip|deflate)\b/i

/**
 * Hono's compress() for the API's answers, with `Vary: Accept-Encoding` set before the answer is made.
 * compress() adds Vary to the finished answer, and changing a finished answer's headers in Hono turns it
 * into a stream: @hono/node-server then writes it through a web stream instead of as the string it is
 * (about a tenth of a millisecond and several allocations per request). So a client that accepts neither
 * gzip nor deflate gets the answer written directly, and one that does gets it compressed as before.
 */
export function apiCompress() {
  const compressing = compress()
  return createMiddleware(async (c, next) => {
    c.header('Vary', 'Accept-Encoding')
    if (!COMPRESSIBLE.test(c.req.header('Accept-Encoding') ?? '')) return next()
    return compressing(c, next)
  })
}
