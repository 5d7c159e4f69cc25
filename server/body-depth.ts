/**
 * The nesting limit of JSON request bodies (docs/api-input.md "Nesting"). A body of a few kilobytes can open
 * thousands of arrays inside one another (`[[[[…]]]]`); whatever walks the parsed value recursively (the
 * check of every string for characters PostgreSQL cannot store, a schema's own recursion) then costs time
 * with the square of the depth and, deep enough, overflows the stack. No request of the API nests anywhere
 * near MAX_JSON_DEPTH, so a body that does is refused with 400 before it is parsed: one pass over its text
 * that counts brackets outside strings, with no recursion and nothing allocated.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ErrorBody } from '../contract/wire'

/** The deepest nesting of arrays and objects a JSON request body may have; the document's `{}` is depth 1. */
export const MAX_JSON_DEPTH = 32

export const bodyDepthMessage = `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`

const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Whether `text` opens more than `max` arrays and objects inside one another, brackets inside strings not
 * counted. Linear in the text and never recursive; text that is not JSON is left to JSON.parse to refuse.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at)
    if (inString) {
      if (code === BACKSLASH) at += 1
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1
      if (depth > max) return true
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth -= 1
  }
  return false
}

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i

/** The requests whose body this process refused for its depth (their error is answered with the message). */
const refused = new WeakSet<Context>()

class BodyTooDeep extends Error {
  constructor() {
    super(bodyDepthMessage)
  }
}

/**
 * The body's text as Hono's request caches it, read and checked when something first asks for it: the JSON
 * validator (c.req.json() parses the cached text) or a handler. Asked for no sooner, so that an operation's
 * own limits run first (limitJsonBody answers 413 from Content-Length before anything is read, and counts a
 * body sent in chunks as it reads it), and a body no one reads is never scanned.
 */
function checkedText(c: Context): PromiseLike<string> {
  let text: Promise<string> | undefined
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable in Hono's body cache, awaited as a promise.
    then(resolve, reject) {
      text ??= c.req.raw.text().then((body) => {
        if (!nestedDeeperThan(body, MAX_JSON_DEPTH)) return body
        refused.add(c)
        throw new BodyTooDeep()
      })
      return text.then(resolve, reject)
    },
  }
}

/**
 * Checks the depth of every JSON body of the routes after it, before it is parsed (a body sent as another
 * media type is not parsed as JSON). A refused body's read fails: the JSON validator turns that into its
 * 400, which the app's error handler answers with bodyDepthMessage (tooDeepAnswer).
 */
export const refuseDeepJson: MiddlewareHandler = async (c, next) => {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? ''
  if (jsonMediaType.test(mediaType) && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    ;(c.req.bodyCache as Record<string, unknown>).text ??= checkedText(c)
  }
  await next()
}

/** The answer to a request whose body was refused for its depth, or undefined for any other error. */
export function tooDeepAnswer(c: Context, error: unknown): Response | undefined {
  if (error instanceof BodyTooDeep || refused.has(c)) {
    return c.json({ message: bodyDepthMessage } satisfies ErrorBody, 400)
  }
  return undefined
}
