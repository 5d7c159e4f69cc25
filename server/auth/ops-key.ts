import { createHash, timingSafeEqual } from 'node:crypto'

/** The header the operations team's tools send OPS_API_KEY in. */
export const OPS_KEY_HEADER = 'X-API-Key'

/** The OpenAPI security scheme of the operations endpoints. */
export const opsKeySecurityScheme = {
  type: 'apiKey' as const,
  in: 'header' as const,
  name: OPS_KEY_HEADER,
  description: 'The operations API key (OPS_API_KEY). Unset on the server: every operations call is refused.',
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/** Whether `given` is the key, compared in constant time (both hashed first, so lengths leak nothing). */
export function opsKeyMatches(key: string | undefined, given: string | undefined): boolean {
  if (!key || !given) return false
  return timingSafeEqual(digest(key), digest(given))
}
