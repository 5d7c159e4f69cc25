import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentFile, DocumentsResponse } from '../../contract/bookings'
import { documentMessages, MAX_UPLOAD_BYTES } from '../../contract/bookings'
import { documentPaths } from '../../contract/documents'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { documentCommands, OpsCommandError, opsApiFromEnv } from '../../scripts/ops-documents'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import { bookThroughApi, executable, minimalPdf } from './document-fixtures'
import { createTestUser, postJson, setupAuthServer } from './helpers'

// The operations commands and the upload over a real socket: the way the CLI and the browser reach them.

const OPS_KEY = 'ops-key-for-the-cli-tests'
let server: Awaited<ReturnType<typeof setupAuthServer>>
let http: ReturnType<typeof serve>
let base: string
let auth: Record<string, string>
let booking: string

const send = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...auth } })

beforeAll(async () => {
  server = await setupAuthServer({ opsApiKey: OPS_KEY })
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())
  await new Promise<void>((resolve) => {
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`
      resolve()
    })
  })
  const user = await createTestUser(server.db)
  const login = await fetch(
    `${base}${apiPaths.login}`,
    postJson({ email: user.email, password: user.password }),
  )
  auth = { Authorization: `Bearer ${((await login.json()) as LoginResponse).token}` }
  booking = await bookThroughApi(send, server.clock.now())
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve))
  await server?.database.close()
})

const upload = (body: Uint8Array, name: string, kind = 'commercial_invoice') =>
  send(`/api/bookings/${booking}/documents/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(name) },
    body: body as BodyInit,
  })

const documents = async () =>
  ((await (await send(documentPaths.list(booking))).json()) as DocumentsResponse).documents

describe('uploads over HTTP', () => {
  it('answers a 12 MB upload with 413 and its message, not a dropped connection', async () => {
    const big = new Uint8Array(12 * 1024 * 1024)
    big.set(minimalPdf())
    const res = await upload(big, 'big.pdf')
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
  })

  it('answers a chunked 12 MB upload (no Content-Length) with 413 after 10 MB', async () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 12 * 1024 * 1024) return controller.close()
        const piece = new Uint8Array(256 * 1024)
        if (sent === 0) piece.set(minimalPdf())
        controller.enqueue(piece)
        sent += piece.byteLength
      },
    })
    const res = await send(`/api/bookings/${booking}/documents/commercial_invoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'big.pdf' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: documentMessages.tooLarge })
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES)
  })

  it('answers an executable named invoice.pdf with 415', async () => {
    const res = await upload(executable(), 'invoice.pdf')
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ message: documentMessages.badType })
  })
})

describe('documentCommands', () => {
  const api = () => ({ baseUrl: base, apiKey: OPS_KEY })

  it('rejects the newest file of a kind with a reason, and accepts by file id', async () => {
    const first = await upload(minimalPdf(), 'invoice-v1.pdf')
    const { document } = (await first.json()) as { document: DocumentFile }
    server.clock.advance(1000)
    const second = (await (await upload(minimalPdf(), 'invoice-v2.pdf')).json()) as { document: DocumentFile }

    const line = await documentCommands['reject-document']?.(
      [booking, 'commercial_invoice', 'The', 'invoice', 'is', 'not', 'signed.'],
      api(),
    )
    expect(line).toBe(
      `Rejected commercial invoice invoice-v2.pdf (${second.document.id}) on ${booking}: The invoice is not signed.`,
    )
    const invoice = (await documents()).find((d) => d.kind === 'commercial_invoice')
    expect(invoice).toMatchObject({ status: 'Rejected', reason: 'The invoice is not signed.' })
    expect(invoice?.files.find((f) => f.id === document.id)?.status).toBe('Uploaded')

    expect(await documentCommands['accept-document']?.([booking, document.id], api())).toBe(
      `Accepted commercial invoice invoice-v1.pdf (${document.id}) on ${booking}`,
    )
  })

  it('says what is wrong: no reason, nothing uploaded, a wrong key, no key', async () => {
    const reject = documentCommands['reject-document'] as NonNullable<(typeof documentCommands)[string]>
    await expect(reject([booking, 'commercial_invoice'], api())).rejects.toThrow(
      'Usage: reject-document BOOKING KIND-or-FILE-ID REASON',
    )
    await expect(reject([booking, 'dg_declaration', 'Missing'], api())).rejects.toThrow(
      `No dangerous goods declaration uploaded on ${booking}.`,
    )
    await expect(reject([booking, 'passport', 'Missing'], api())).rejects.toThrow(/Not a document kind/)
    await expect(
      reject([booking, 'packing_list', 'Bad'], { baseUrl: base, apiKey: 'wrong' }),
    ).rejects.toThrow('401: Unauthenticated.')
    await expect(
      reject([booking, 'packing_list', 'Bad'], { baseUrl: base, apiKey: undefined }),
    ).rejects.toThrow(OpsCommandError)
  })

  it('reads OPS_API_URL and OPS_API_KEY', () => {
    expect(opsApiFromEnv({ OPS_API_URL: 'https://ops.example.com/', OPS_API_KEY: 'k' })).toEqual({
      baseUrl: 'https://ops.example.com',
      apiKey: 'k',
    })
    expect(opsApiFromEnv({ PORT: '8080' })).toEqual({ baseUrl: 'http://localhost:8080', apiKey: undefined })
  })
})
