/**
 * Shared set-up of the customer documents tests (documents-*.test.ts): a booking server whose bookings are
 * made as a customer makes them (quote, price, confirm), with the calls of the documents API.
 */
import { expect } from 'vitest'
import type { DocumentFile, DocumentItem, DocumentsResponse } from '../../contract/bookings'
import { documentPaths } from '../../contract/documents'
import type { QuoteRequest } from '../../contract/pricing/types'
import { OPS_KEY, setupBookingServer } from './booking-helpers'
import { bookThroughApi } from './document-fixtures'
import { postJson } from './helpers'

export type DocumentServer = Awaited<ReturnType<typeof setupDocumentServer>>

export async function setupDocumentServer() {
  const server = await setupBookingServer()
  const { call } = server

  /** A booking made through the API: quote, price, confirm. */
  const book = (auth: Record<string, string>, overrides: Partial<QuoteRequest> = {}) =>
    bookThroughApi((path, init) => call(auth, path, init), server.clock.now(), overrides)

  function upload(
    auth: Record<string, string>,
    booking: string,
    kind: string,
    body: BodyInit | Uint8Array,
    name = 'invoice.pdf',
    headers: Record<string, string> = {},
  ) {
    return call(auth, `/api/bookings/${booking}/documents/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(name), ...headers },
      body: body as BodyInit,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit)
  }

  /** An upload that must be kept (201): the file as listed. */
  async function uploaded(
    auth: Record<string, string>,
    booking: string,
    kind: string,
    body: Uint8Array,
    name?: string,
  ) {
    const res = await upload(auth, booking, kind, body, name)
    const json = (await res.json()) as { document: DocumentFile; message?: string }
    expect(res.status, json.message).toBe(201)
    return json.document
  }

  async function list(auth: Record<string, string>, booking: string) {
    const res = await call(auth, documentPaths.list(booking))
    expect(res.status).toBe(200)
    return ((await res.json()) as DocumentsResponse).documents
  }

  /** How many chunks of files the (PostgreSQL) storage holds. */
  const blobCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('document_blobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  const review = (id: string, body: unknown, headers: Record<string, string> = { 'X-API-Key': OPS_KEY }) =>
    server.app.request(documentPaths.review(id), postJson(body, headers))

  return { ...server, book, upload, uploaded, list, blobCount, review }
}

export const item = (documents: DocumentItem[], kind: string) =>
  documents.find((d) => d.kind === kind) as DocumentItem
