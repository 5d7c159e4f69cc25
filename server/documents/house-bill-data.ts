import type { Kysely } from 'kysely'
import type { RouteLeg } from '../../contract/bookings'
import type { QuoteRequest } from '../../contract/pricing/types'
import type { Party } from '../../contract/quotes'
import type { BookingRow, Database } from '../db/schema'
import { placeNames } from '../quotes/queries'
import { type HouseBillInput, houseBillPdf } from './house-bill'

/** "2 x 40HC", "4 packages, 1,400 kg", "3 pieces, 2.4 CBM, 800 kg". */
export function cargoSummary(request: QuoteRequest | undefined): string {
  if (!request) return ''
  if (request.containers?.length) {
    return request.containers.map((c) => `${c.count} x ${c.type}`).join(', ')
  }
  const cargo = request.cargo
  if (!cargo) return ''
  const kg = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} kg`
  if (cargo.kind === 'totals') {
    return `${cargo.pieces} pieces, ${cargo.volumeCbm} CBM, ${kg(cargo.weightKg)}`
  }
  const pieces = cargo.packages.reduce((sum, p) => sum + p.count, 0)
  const weight = cargo.packages.reduce((sum, p) => sum + p.count * p.weightKg, 0)
  const cbm = cargo.packages.reduce(
    (sum, p) => sum + (p.count * p.lengthCm * p.widthCm * p.heightCm) / 1_000_000,
    0,
  )
  return `${pieces} packages, ${cbm.toFixed(2)} CBM, ${kg(weight)}`
}

/** The house bill of an issued booking, as a PDF. */
/** The quote request a booking was made from (cargo, hazardous details). */
async function bookingRequest(db: Kysely<Database>, quoteId: number): Promise<QuoteRequest | undefined> {
  const row = await db.selectFrom('quotes').select('request').where('id', '=', quoteId).executeTakeFirst()
  return row?.request
}

export async function houseBillOf(db: Kysely<Database>, booking: BookingRow): Promise<Uint8Array> {
  const request = await bookingRequest(db, booking.quote_id)
  const names = await placeNames(db, [booking.origin, booking.destination])
  const place = (code: string) => ({ code, name: names.get(code)?.name ?? code })
  const details = booking.details as {
    shipper?: Party
    consignee?: Party
    notifyParty?: Party
    cargoDescription?: string
  }
  const hazardous = request?.hazardous
  const input: HouseBillInput = {
    mode: booking.mode,
    hbl: booking.hbl ?? '',
    bookingNumber: booking.number,
    shipper: details.shipper ?? { name: '', address: '' },
    consignee: details.consignee ?? { name: '', address: '' },
    notifyParty: details.notifyParty ?? null,
    origin: place(booking.origin),
    destination: place(booking.destination),
    legs: (booking.legs ?? []) as RouteLeg[],
    carrier: booking.carrier,
    cargoDescription: details.cargoDescription ?? request?.commodity ?? '',
    cargoSummary: cargoSummary(request),
    hazardous: hazardous
      ? `UN${hazardous.unNumber}, class ${hazardous.dgClass}, PG ${hazardous.packingGroup}`
      : null,
    etd: booking.etd,
    issuedAt: booking.confirmed_at ?? booking.updated_at ?? booking.created_at,
  }
  return houseBillPdf(input)
}
