import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'

/** A response body encoded once, ahead of the requests for it: identity, gzip (level 9) and brotli (quality 11). */
export interface PrecompressedBody {
  contentType: string
  identity: Uint8Array<ArrayBuffer>
  gzip: Uint8Array<ArrayBuffer>
  br: Uint8Array<ArrayBuffer>
  /** Strong ETags, one per encoding (each encoding is a different representation). */
  etags: { identity: string; gzip: string; br: string }
}

export function precompress(body: string | Uint8Array, contentType: string): PrecompressedBody {
  const identity = new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body)
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 32)
  return {
    contentType,
    identity,
    gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
    br: new Uint8Array(
      brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ),
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` },
  }
}

type Encoding = 'br' | 'gzip' | 'identity'

/** The best encoding the client accepts (`q=0` refuses one); brotli first, as it is the smallest. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let br = false
  let gzip = false
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
    if (refused) continue
    if (name === 'br') br = true
    else if (name === 'gzip' || name === 'x-gzip') gzip = true
    else if (name === '*') {
      br = true
      gzip = true
    }
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity'
}

/** True when If-None-Match names one of the body's ETags (weak comparison, as RFC 9110 asks for it). */
function matches(ifNoneMatch: string, body: PrecompressedBody): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const tags = Object.values(body.etags)
  return ifNoneMatch.split(',').some((tag) => tags.includes(tag.trim().replace(/^W\//, '')))
}

/**
 * Answers with the precompressed body in the encoding the client prefers, or 304 when its If-None-Match still
 * matches. The body carries Content-Encoding, so the compress middleware leaves it alone.
 */
export function sendPrecompressed(c: Context, body: PrecompressedBody, cacheControl: string): Response {
  const encoding = pickEncoding(c.req.header('accept-encoding'))
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl,
    ETag: body.etags[encoding],
    Vary: 'Accept-Encoding',
  }
  const ifNoneMatch = c.req.header('if-none-match')
  if (ifNoneMatch && matches(ifNoneMatch, body)) return c.body(null, 304, headers)
  headers['Content-Type'] = body.contentType
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  return c.body(body[encoding], 200, headers)
}
