/** Shared set-up of the booking, tracking and operations tests: a server with rates, customers and bookings. */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { QuoteRequest } from '../../contract/pricing/types'
import { type CreateQuoteResponse, containersOf, type QuoteDetail } from '../../contract/quotes'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { ensureLocations } from '../../server/locations/locations'
import { ensureSeedRates } from '../../server/rates/seed'
import { bearer, createTestUser, postJson, setupAuthServer } from './helpers'

export const OPS_KEY = 'test-ops-key-5d1f0b2a9c'
export type BookingServer = Awaited<ReturnType<typeof setupBookingServer>>
export type Auth = Record<string, string> & { email: string }

export async function setupBookingServer() {
  const server = await setupAuthServer({ opsApiKey: OPS_KEY })
  await ensureLocations(server.db)
  await ensureSeedRates(server.db, server.clock.now())

  async function login(): Promise<Auth> {
    const user = await createTestUser(server.db)
    // A test company books and confirms many times: finance trusts it with a limit no test reaches, so that no
    // booking waits for a credit release (docs/payments.md "Credit control"; tests/server/credit-control.test.ts).
    await server.db
      .updateTable('customers')
      .set({ credit_limit: 2_000_000_000 })
      .where('id', '=', (eb) => eb.selectFrom('users').select('customer_id').where('id', '=', user.id))
      .execute()
    const res = await server.app.request(
      apiPaths.login,
      postJson({ email: user.email, password: user.password }),
    )
    return { ...bearer(((await res.json()) as LoginResponse).token as string), email: user.email }
  }

  const call = (auth: Record<string, string>, path: string, init: RequestInit = {}) => {
    const { email: _email, ...headers } = auth
    return server.app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...headers },
    })
  }

  const today = () => server.clock.now().toISOString().slice(0, 10)

  function fcl(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
    return {
      mode: 'FCL',
      origin: 'SGSIN',
      destination: 'INNSA',
      readyDate: today(),
      commodity: 'Machine parts',
      containers: [{ type: '40HC', count: 2 }],
      cargoValue: 5_000_000,
      ...overrides,
    }
  }

  /** A quote made and confirmed through the API: the booking's number. */
  async function book(auth: Auth, request: QuoteRequest = fcl()): Promise<string> {
    const created = await call(auth, '/api/quotes', postJson(request))
    const { quote } = (await created.json()) as CreateQuoteResponse
    expect(quote, 'a priced quote').toBeTruthy()
    const q = quote as QuoteDetail
    const option = q.options[0]
    const res = await call(
      auth,
      `/api/quotes/${q.number}/confirm`,
      postJson({
        optionId: option?.id,
        services: {
          exportCustoms: false,
          importCustoms: false,
          insurance: false,
          pickup: null,
          delivery: null,
        },
        shipper: { name: 'Alice Exports Pte Ltd', address: '10 Anson Road, #20-01, Singapore 079903' },
        consignee: { name: 'Mumbai Imports Pvt Ltd', address: '5 Marine Drive, Mumbai 400002, India' },
        cargoDescription: 'Machine parts in crates',
        containerWeightsKg: containersOf(request).map(() => 18_400),
        acceptTerms: true,
        shownTotalUsd: option?.totalUsd,
      }),
    )
    const body = (await res.json()) as { booking: { number: string } }
    expect(res.status, JSON.stringify(body)).toBe(201)
    return body.booking.number
  }

  /** `key` null sends none. */
  const ops = (path: string, body?: unknown, key: string | null = OPS_KEY) =>
    server.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'X-API-Key': key } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })

  async function confirm(number: string, body: Record<string, unknown> = {}) {
    const res = await ops(`/api/ops/bookings/${number}/confirm`, body)
    const json = (await res.json()) as { hbl: string; message?: string }
    expect(res.status, JSON.stringify(json)).toBe(200)
    return json.hbl
  }

  const postEvents = (events: unknown[], key: string | null = OPS_KEY) =>
    ops('/api/ops/events', { events }, key)

  async function outbox(to: string) {
    return server.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to', '=', to)
      .orderBy('id')
      .execute()
  }

  return { ...server, login, call, book, fcl, ops, confirm, postEvents, outbox }
}

export interface EventSpec {
  ref: string
  type?: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  code: string
  classifier?: 'PLN' | 'EST' | 'ACT'
  at: string
  location?: string
  created?: string
  vessel?: string
  voyage?: string
  reason?: string
  id?: string
}

const shipmentCodes = ['RECE', 'CONF', 'ISSU', 'REJE', 'HOLD', 'RELS', 'CANC', 'CUSE', 'CUSI', 'DLVR']

/** A DCSA T&T v2-style event about a booking number (BKG) or HBL (TRD). */
export function dcsa(spec: EventSpec) {
  const type =
    spec.type ??
    (shipmentCodes.includes(spec.code)
      ? 'SHIPMENT'
      : ['DEPA', 'ARRI'].includes(spec.code)
        ? 'TRANSPORT'
        : 'EQUIPMENT')
  const codeField =
    type === 'SHIPMENT'
      ? 'shipmentEventTypeCode'
      : type === 'TRANSPORT'
        ? 'transportEventTypeCode'
        : 'equipmentEventTypeCode'
  return {
    eventID: spec.id ?? randomUUID(),
    eventType: type,
    eventClassifierCode: spec.classifier ?? 'ACT',
    eventDateTime: spec.at,
    eventCreatedDateTime: spec.created ?? spec.at,
    [codeField]: spec.code,
    ...(spec.location ? { eventLocation: { UNLocationCode: spec.location } } : {}),
    ...(spec.vessel
      ? {
          transportCall: {
            vessel: { vesselName: spec.vessel, vesselIMONumber: '9321483' },
            exportVoyageNumber: spec.voyage ?? '012W',
          },
        }
      : {}),
    ...(type === 'EQUIPMENT' ? { equipmentReference: 'MSKU1234565', emptyIndicatorCode: 'LADEN' } : {}),
    ...(spec.reason ? { reason: spec.reason } : {}),
    documentReferences: [
      {
        documentReferenceType: spec.ref.startsWith('ESHBL') ? 'TRD' : 'BKG',
        documentReferenceValue: spec.ref,
      },
    ],
  }
}
