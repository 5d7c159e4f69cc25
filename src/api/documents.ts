import type { DocumentFile, DocumentKind, DocumentsResponse } from '../../contract/bookings'
import { skipLoaderHeader } from '../../contract/constants'
import { messages } from '../../contract/messages'
import type { ApiFailure } from '../../contract/wire'
import { bookingPath } from './bookings'
import type { ApiClient } from './client'

/** listDocuments: the booking's document checklist. */
export const listDocuments = (api: ApiClient, number: string) =>
  api<DocumentsResponse>(`${bookingPath(number)}/documents`).then((r) => r.documents)

/** What every answer of ours may carry: a refreshed token, and the 401 that ends the session. */
function readSession(api: ApiClient, status: number, body: unknown) {
  if (!body || typeof body !== 'object') return
  const { token, message } = body as { token?: unknown; message?: unknown }
  if (typeof token === 'string' && token !== '') api.hooks.tokenReceived(token)
  if (status === 401 && message === messages.unauthenticated) api.hooks.unauthenticated()
}

function failureOf(status: number, body: unknown): ApiFailure {
  const failure: ApiFailure = { status }
  const data = (body ?? {}) as { message?: unknown; errors?: unknown }
  if (typeof data.message === 'string') failure.message = data.message
  if (data.errors && typeof data.errors === 'object') failure.errors = data.errors as Record<string, string[]>
  return failure
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export interface UploadRequest {
  number: string
  kind: DocumentKind
  file: Blob & { name: string }
  onProgress: (loaded: number, total: number) => void
}

/**
 * uploadDocument: the raw file as the body (its type, its name in X-File-Name), sent with XMLHttpRequest so
 * the page shows real progress. It shows its own progress bar, so it does not count for the loading overlay
 * (X-Skip-Loader, and it never reaches the client's counter). Resolves with the file kept (201) or rejects
 * with an ApiFailure (413, 415, 409, 422 with the server's message; status 0 when no answer came). Returns
 * the abort function with the promise.
 */
export function uploadDocument(api: ApiClient, request: UploadRequest) {
  const xhr = new XMLHttpRequest()
  const done = new Promise<DocumentFile>((resolve, reject) => {
    xhr.open('POST', `${bookingPath(request.number)}/documents/${encodeURIComponent(request.kind)}`)
    xhr.setRequestHeader('Content-Type', request.file.type || 'application/octet-stream')
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(request.file.name))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader(skipLoaderHeader, 'true')
    const token = api.hooks.token()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded, event.total)
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      readSession(api, xhr.status, body)
      if (xhr.status >= 200 && xhr.status < 300) {
        // uploadDocument answers 201 `{ document }`.
        resolve((body as { document: DocumentFile }).document)
      } else reject(failureOf(xhr.status, body))
    }
    xhr.onerror = () => reject({ status: 0 } satisfies ApiFailure)
    xhr.ontimeout = () => reject({ status: 0 } satisfies ApiFailure)
    xhr.onabort = () => reject({ status: 0 } satisfies ApiFailure)
    xhr.send(request.file)
  })
  return { done, abort: () => xhr.abort() }
}

/** The file name of a Content-Disposition header (RFC 6266 filename* first), if it names one. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null
  const star = header.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // fall through to the plain name
    }
  }
  const plain = header.match(/filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/)
  return (plain?.[1] ?? plain?.[2]?.trim()) || null
}

/**
 * downloadDocument: a file of the booking (or the issued HBL, id `hbl`) needs the bearer token, so it is
 * fetched as a blob and saved through an object URL and a temporary <a download>.
 */
export function downloadDocument(api: ApiClient, number: string, fileId: string, name: string) {
  return downloadFile(api, `${bookingPath(number)}/documents/files/${encodeURIComponent(fileId)}`, name)
}

/** A file of ours at `path` (the bearer token sent), saved as the answer names it, else as `name`. */
export async function downloadFile(api: ApiClient, path: string, name: string) {
  const headers: Record<string, string> = {}
  const token = api.hooks.token()
  if (token) headers.Authorization = `Bearer ${token}`
  api.hooks.requestStarted()
  try {
    let response: Response
    try {
      response = await fetch(path, { headers })
    } catch {
      throw { status: 0 } satisfies ApiFailure
    }
    if (!response.ok) {
      const body = parseJson(await response.text())
      readSession(api, response.status, body)
      throw failureOf(response.status, body)
    }
    const blob = await response.blob()
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = dispositionName(response.headers.get('Content-Disposition')) ?? name
    link.style.display = 'none'
    document.body.append(link)
    link.click()
    link.remove()
    // The click has handed the blob to the browser's download; let it go once that has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } finally {
    api.hooks.requestFinished()
  }
}
