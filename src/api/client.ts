import { FetchError, type FetchOptions, ofetch } from 'ofetch'
import { skipLoaderHeader } from '../../contract/constants'
import { messages } from '../../contract/messages'
import type { ApiFailure } from '../../contract/wire'

/** What the client reports; it never navigates or renders. */
export interface ApiClientHooks {
  /** The stored bearer token, read at each request. */
  token: () => string | null
  /** A request that counts for the loading overlay started / ended. */
  requestStarted: () => void
  requestFinished: () => void
  /** A response body carried a token field. */
  tokenReceived: (token: string) => void
  /** A 401 with message 'Unauthenticated.'. */
  unauthenticated: () => void
}

export type ApiClient = ReturnType<typeof createApiClient>

const counted = new WeakSet<object>()

/** The one ofetch instance of the SPA: bearer token, X-Skip-Loader, tokens in bodies, 401s. */
export function createApiClient(hooks: ApiClientHooks) {
  const finish = (options: object) => {
    if (counted.delete(options)) hooks.requestFinished()
  }
  const fetcher = ofetch.create({
    retry: 0,
    timeout: 30_000,
    onRequest({ options }) {
      const token = hooks.token()
      if (token) options.headers.set('Authorization', `Bearer ${token}`)
      options.headers.set('Accept', 'application/json')
      if (options.headers.get(skipLoaderHeader) !== 'true') {
        counted.add(options)
        hooks.requestStarted()
      }
    },
    onRequestError({ options }) {
      finish(options)
    },
    onResponse({ options, response }) {
      finish(options)
      const body: unknown = response._data
      if (body && typeof body === 'object') {
        const token = (body as { token?: unknown }).token
        if (typeof token === 'string' && token !== '') hooks.tokenReceived(token)
        if (response.status === 401 && (body as { message?: unknown }).message === messages.unauthenticated) {
          hooks.unauthenticated()
        }
      }
    },
  })

  /** Calls the API; a failure is thrown as an ApiFailure the statecharts can read. */
  async function request<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
    try {
      return await fetcher<T>(path, options)
    } catch (error) {
      throw toFailure(error)
    }
  }
  // Requests ofetch cannot make (an upload with progress through XMLHttpRequest, a file download) keep the
  // same session behaviours through these.
  return Object.assign(request, { hooks })
}

/** A failure with the answer's whole JSON body, for the answers that carry more than a message (a 409's price). */
export interface ApiFailureWithBody extends ApiFailure {
  body?: unknown
}

export function toFailure(error: unknown): ApiFailureWithBody {
  if (error instanceof FetchError) {
    const data = error.data as { message?: unknown; errors?: unknown } | undefined
    const failure: ApiFailureWithBody = { status: error.statusCode ?? 0 }
    if (data !== undefined && data !== null && typeof data === 'object') failure.body = data
    if (typeof data?.message === 'string') failure.message = data.message
    if (data?.errors && typeof data.errors === 'object')
      failure.errors = data.errors as Record<string, string[]>
    const retryAfter = Number(error.response?.headers.get('Retry-After'))
    if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter
    return failure
  }
  return { status: 0 }
}
