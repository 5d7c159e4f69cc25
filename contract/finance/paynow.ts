/**
 * The PayNow QR's payload (SGQR, EMVCo merchant-presented mode; ../shared/FREIGHT.md "PayNow QR",
 * docs/invoices.md): written here, exactly, and drawn by the server's PDF (server/finance/qr.ts) and the
 * browser. The npm packages for this format write the amount with floating point and skip the length checks,
 * so this one is ours and tested (tests/contract/paynow.test.ts).
 *
 * Every field is ID (two digits), length (two digits, 00–99 characters) and value. The payload is
 * `00 01` (format), `01 12` (dynamic: one payment), `26` PayNow's merchant account {`00 SG.PAYNOW`,
 * `01 2` (proxy: a UEN), `02` the UEN, `03 0` (the amount cannot be edited), `04` expiry YYYYMMDD},
 * `52 0000` (category), `53 702` (SGD), `54` the amount with two decimals, `58 SG`, `59` merchant name (≤ 25),
 * `60` city (≤ 15), `62` {`01` bill number (≤ 25): the invoice number}, then `63 04` and the CRC-16/CCITT-FALSE
 * of everything before it and including `6304`, four upper-case hex digits.
 */
import { dueDay } from './invoices'

/**
 * The QR stays payable this many days after the invoice's due date (its expiry, tag 26/04, is the due date
 * plus these days; for an overdue invoice, the day the QR is made plus these days): a customer paying on the
 * due date or a little late still pays by scanning, while a QR printed long ago for an amount since changed
 * by payments or credit notes stops working in banking apps. Each download carries a new QR for the balance.
 */
export const PAYNOW_GRACE_DAYS = 14

/** The QR's expiry (ISO day): the due date plus PAYNOW_GRACE_DAYS. */
export const paynowExpiryDay = (due: string) => dueDay(due, PAYNOW_GRACE_DAYS)

export class PaynowError extends Error {
  override name = 'PaynowError'
}

export interface PaynowInput {
  /** The UEN PayNow pays to. */
  uen: string
  /** ≤ 25 characters. */
  merchantName: string
  /** ≤ 15 characters. */
  city: string
  /** SGD cents, a whole number above zero. */
  amount: number
  /** The last day the QR can be paid (ISO day). */
  expiryDay: string
  /** The invoice number, ≤ 25 characters. */
  billNumber: string
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of ASCII text. */
export function crc16ccitt(text: string): number {
  let crc = 0xffff
  for (let i = 0; i < text.length; i++) {
    const byte = text.charCodeAt(i)
    if (byte > 0xff) throw new PaynowError('CRC input must be single-byte text.')
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

/** Singapore UENs: 8 digits and a letter, a year, 5 digits and a letter, or T/S/R, 2 digits, 2 letters, 4 digits, a letter. */
const uenPattern = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/

/** Whether `text` is a Singapore UEN (PayNow's proxy, Peppol's 0195 identifier). */
export const isUen = (text: string) => uenPattern.test(text)
/** EMVCo's "ans": printable ASCII, so a value's length in characters is its length in bytes. */
const printable = /^[\x20-\x7e]*$/
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/

/** One field: ID, two-digit length, value; refused when the value is empty, too long or not printable ASCII. */
export function emvField(id: string, value: string, what = `Field ${id}`): string {
  if (!/^\d{2}$/.test(id)) throw new PaynowError(`Field ID ${id} must be two digits.`)
  if (!printable.test(value)) throw new PaynowError(`${what} must be printable ASCII characters.`)
  if (value.length === 0) throw new PaynowError(`${what} is empty.`)
  if (value.length > 99) throw new PaynowError(`${what} is longer than 99 characters.`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

const limited = (id: string, value: string, max: number, what: string) => {
  if (value.length > max) throw new PaynowError(`${what} is longer than ${max} characters.`)
  return emvField(id, value, what)
}

/** SGD cents as EMVCo's amount: digits, a point, two decimals ("1234.50"), no floating point. */
export function paynowAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new PaynowError(`The amount must be a whole number of cents above zero, got ${cents}.`)
  }
  const digits = String(cents).padStart(3, '0')
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`
  if (text.length > 13) throw new PaynowError('The amount is longer than 13 characters.')
  return text
}

/** An ISO day as YYYYMMDD, refused when it is not a real day. */
function expiryText(day: string): string {
  const match = isoDay.exec(day)
  if (!match || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new PaynowError(`The expiry must be an ISO day such as 2026-12-31, got ${day}.`)
  }
  return `${match[1]}${match[2]}${match[3]}`
}

/** The PayNow QR payload of one payment of `amount` SGD cents to `uen`, with `billNumber` as its reference. */
export function paynowPayload(input: PaynowInput): string {
  if (!isUen(input.uen)) throw new PaynowError(`${input.uen} is not a UEN.`)
  const merchantAccount = [
    emvField('00', 'SG.PAYNOW'),
    emvField('01', '2'),
    emvField('02', input.uen, 'The UEN'),
    emvField('03', '0'),
    emvField('04', expiryText(input.expiryDay), 'The expiry'),
  ].join('')
  const body = [
    emvField('00', '01'),
    emvField('01', '12'),
    emvField('26', merchantAccount, 'The PayNow account'),
    emvField('52', '0000'),
    emvField('53', '702'),
    emvField('54', paynowAmount(input.amount), 'The amount'),
    emvField('58', 'SG'),
    limited('59', input.merchantName, 25, 'The merchant name'),
    limited('60', input.city, 15, 'The city'),
    emvField('62', limited('01', input.billNumber, 25, 'The bill number'), 'The additional data'),
    '6304',
  ].join('')
  return body + crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0')
}
