/**
 * A booking's charges (issue 35, docs/invoices.md): what the customer is billed for, line by line, each with
 * its GST code decided here by one rule (shared/FREIGHT.md, "Money"), read by the server when it stores a
 * charge and by the console when it shows the code a new charge will get.
 *
 * - At confirmation every priced line of the booking's quote becomes a charge (`source: 'quote'`), approved:
 *   the customer agreed to it when booking.
 * - After booking, operations or finance add a charge as a change request (`source: 'change'`), or a
 *   disbursement paid to Singapore Customs for the customer (`source: 'disbursement'`, at exact cost, its
 *   receipt attached). Both wait for the customer's Admin or Member to approve or decline
 *   (machines/charge-request.machine.ts); only an approved charge can be invoiced.
 */
import { z } from 'zod'
import type { PricedLine } from '../pricing/types'
import { INT32_MAX, safeString } from '../text'

/** Peppol PINT-SG tax categories used here: standard-rated, zero-rated, out of scope. */
export const gstCodes = ['SR', 'ZR', 'OS'] as const
export type GstCode = (typeof gstCodes)[number]

export const gstCodeNames: Record<GstCode, string> = {
  SR: 'Standard-rated (9%)',
  ZR: 'Zero-rated',
  OS: 'Out of scope',
}

/** Singapore GST from 1 January 2024, basis points. */
export const GST_RATE_BPS = 900

/** Where a charge came from. */
export const chargeSources = ['quote', 'change', 'disbursement'] as const
export type ChargeSource = (typeof chargeSources)[number]

export const chargeSourceNames: Record<ChargeSource, string> = {
  quote: 'Quoted',
  change: 'Added after booking',
  disbursement: 'Disbursement',
}

/** A charge's approval (the chart's states): quoted lines are approved from the start. */
export const chargeStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const
export type ChargeStatus = (typeof chargeStatuses)[number]

export const chargeStatusNames: Record<ChargeStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
}

/**
 * How a charge added after booking is taxed:
 * - `international`: part of the international transport we carry or arrange (GST Act s21(3)): ZR;
 * - `storage`: ZR in a free trade zone on imports or exports, else SR;
 * - `local`: a local service outside our international move: SR;
 * - `disbursement`: paid to Singapore Customs for the importer: OS, at exact cost.
 */
export type AddedChargeRule = 'international' | 'storage' | 'local' | 'disbursement'

/** The charges operations and finance add after booking, by code. */
export const addedChargeKinds = {
  DEM: { name: 'Demurrage', rule: 'international', basis: 'per container per day' },
  DET: { name: 'Detention', rule: 'international', basis: 'per container per day' },
  STO: { name: 'Storage', rule: 'storage', basis: 'per day' },
  WTT: { name: 'Waiting time', rule: 'international', basis: 'per hour' },
  RWG: { name: 'Re-weighing', rule: 'international', basis: 'per shipment' },
  AMD: { name: 'Amendment fee', rule: 'international', basis: 'per amendment' },
  LOC: { name: 'Other local service', rule: 'local', basis: 'per shipment' },
  DTY: { name: 'Import duty paid to Singapore Customs', rule: 'disbursement', basis: 'at cost' },
  IGS: { name: 'Import GST paid to Singapore Customs', rule: 'disbursement', basis: 'at cost' },
} as const satisfies Record<string, { name: string; rule: AddedChargeRule; basis: string }>

export type AddedChargeCode = keyof typeof addedChargeKinds
export const addedChargeCodes = Object.keys(addedChargeKinds) as AddedChargeCode[]
export const disbursementCodes = addedChargeCodes.filter(
  (code) => addedChargeKinds[code].rule === 'disbursement',
)
export const isDisbursementCode = (code: string) => (disbursementCodes as readonly string[]).includes(code)

/** A GST code with the reason it was chosen, kept on the charge and shown to finance. */
export interface GstDecision {
  code: GstCode
  reason: string
}

export const gstReasons = {
  freight: 'International transport of goods (GST Act s21(3)): zero-rated.',
  localWithMove: 'Local handling, haulage or clearance done as part of our international move: zero-rated.',
  insurance: 'Insurance of goods in international transport: zero-rated.',
  discount: 'A discount on zero-rated international transport: zero-rated.',
  storageFtz: 'Storage in a free trade zone on imports or exports: zero-rated.',
  storageLocal: 'Storage outside a free trade zone: standard-rated.',
  local: 'A local service outside our international move: standard-rated.',
  disbursement: 'Paid to Singapore Customs for the importer: a disbursement, out of scope, at exact cost.',
} as const

/**
 * The GST code of a quoted line. Every quoted line belongs to the international move the booking buys from us
 * (freight, both ends' handling, the customs clearance, insurance and trucking we do for that move), so each
 * is zero-rated; the reason says which rule applies.
 */
export function quotedLineGst(line: Pick<PricedLine, 'kind' | 'code' | 'side'>): GstDecision {
  if (line.kind === 'discount') return { code: 'ZR', reason: gstReasons.discount }
  if (line.code === 'INS') return { code: 'ZR', reason: gstReasons.insurance }
  if (line.side === 'freight') return { code: 'ZR', reason: gstReasons.freight }
  return { code: 'ZR', reason: gstReasons.localWithMove }
}

/** The GST code of a charge added after booking. */
export function addedChargeGst(code: AddedChargeCode, inFreeTradeZone = false): GstDecision {
  const rule: AddedChargeRule = addedChargeKinds[code].rule
  switch (rule) {
    case 'international':
      return { code: 'ZR', reason: gstReasons.localWithMove }
    case 'storage':
      return inFreeTradeZone
        ? { code: 'ZR', reason: gstReasons.storageFtz }
        : { code: 'SR', reason: gstReasons.storageLocal }
    case 'local':
      return { code: 'SR', reason: gstReasons.local }
    case 'disbursement':
      return { code: 'OS', reason: gstReasons.disbursement }
  }
}

// ── Input ──────────────────────────────────────────────────────────────────────────────────────────────

/** The largest amount a charge may have, minor units (ten million in the currency). */
export const CHARGE_AMOUNT_MAX = 1_000_000_000

export const chargeMessages = {
  codeUnknown: `Choose a charge: ${addedChargeCodes.join(', ')}.`,
  amountPositive: 'Enter an amount above zero.',
  amountWhole: 'The amount must be a whole number of cents.',
  amountTooLarge: 'The amount is too large.',
  currencyNotBookings: (currency: string) => `Charges of this booking are in ${currency}.`,
  descriptionRequired: 'Describe the charge.',
  descriptionTooLong: 'At most 200 characters.',
  reasonRequired: 'Say why the charge is added.',
  withdrawReasonRequired: 'Say why the charge is withdrawn.',
  reasonTooLong: 'At most 1,000 characters.',
  quantityTooLong: 'At most 60 characters.',
  receiptRequired: 'Attach the receipt from Singapore Customs.',
  declineReasonRequired: 'Say why you decline the charge.',
  notFound: 'No such charge.',
  bookingNotConfirmed: 'Charges are added once the booking is confirmed.',
  bookingCancelled: 'This booking is cancelled: nothing more can be charged on it.',
  notPending: 'This charge was already decided.',
  approved: 'Charge approved.',
  declined: 'Charge declined.',
  withdrawn: 'Charge withdrawn.',
  requested: 'Charge sent to the customer for approval.',
} as const

const amount = z
  .number({ error: chargeMessages.amountWhole })
  .int(chargeMessages.amountWhole)
  .positive(chargeMessages.amountPositive)
  .max(CHARGE_AMOUNT_MAX, chargeMessages.amountTooLarge)

/**
 * A charge added after booking (JSON, or the fields of a multipart form with the attachment as `file`):
 * `amount` in minor units of `currency`, which must be the booking's. A disbursement (DTY, IGS) needs its
 * receipt attached; the server checks that, since the file is not in this object.
 */
export const addChargeSchema = z.object({
  code: z.enum(addedChargeCodes as [AddedChargeCode, ...AddedChargeCode[]], {
    error: chargeMessages.codeUnknown,
  }),
  description: safeString({ error: chargeMessages.descriptionRequired })
    .trim()
    .min(1, chargeMessages.descriptionRequired)
    .max(200, chargeMessages.descriptionTooLong),
  /** What was counted, as the customer reads it: "3 days × 2 × 40HC". */
  quantityText: safeString().trim().max(60, chargeMessages.quantityTooLong).default('1'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A currency code such as USD.'),
  amount,
  reason: safeString({ error: chargeMessages.reasonRequired })
    .trim()
    .min(1, chargeMessages.reasonRequired)
    .max(1000, chargeMessages.reasonTooLong),
  /** Storage only: in a free trade zone (zero-rated). */
  inFreeTradeZone: z.boolean().default(false),
})
export type AddChargeInput = z.input<typeof addChargeSchema>
export type AddCharge = z.output<typeof addChargeSchema>

/** The customer's answer to a change request; a decline needs its reason. */
export const decideChargeSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), reason: safeString().trim().max(1000).optional() }),
  z.object({
    decision: z.literal('decline'),
    reason: safeString({ error: chargeMessages.declineReasonRequired })
      .trim()
      .min(1, chargeMessages.declineReasonRequired)
      .max(1000, chargeMessages.reasonTooLong),
  }),
])
export type DecideChargeInput = z.input<typeof decideChargeSchema>

/** Staff withdraw a change request the customer has not answered. */
export const withdrawChargeSchema = z.object({
  reason: safeString({ error: chargeMessages.withdrawReasonRequired })
    .trim()
    .min(1, chargeMessages.withdrawReasonRequired)
    .max(1000, chargeMessages.reasonTooLong),
})

export const chargeIdSchema = z.coerce.number().int().positive().max(INT32_MAX)

// ── Wire ───────────────────────────────────────────────────────────────────────────────────────────────

/** A charge as the customer and the console read it. */
export interface ChargeItem {
  id: number
  bookingNumber: string
  code: string
  description: string
  quantityText: string
  currency: string
  /** Minor units, excluding GST; negative only for a quoted discount. */
  amount: number
  gstCode: GstCode
  gstReason: string
  source: ChargeSource
  status: ChargeStatus
  /** Why it was added (change, disbursement); null for a quoted line. */
  reason: string | null
  /** The customer's reason for a decline, or staff's for a withdrawal. */
  decisionReason: string | null
  requestedAt: string
  /** Who added it: the staff member's name ("eShip operations" to customers, by name in the console). */
  requestedBy: string | null
  decidedAt: string | null
  decidedBy: string | null
  /** The receipt or other file attached, downloadable by whoever may read the charge. */
  attachment: { name: string; size: number; contentType: string } | null
  /** The invoice it is billed on, while it is billed (a charge freed by a credit note is billable again). */
  invoiceNumber: string | null
}

/** A change request waiting for the customer, for the dashboard and /user/invoices. */
export interface PendingChargeItem extends ChargeItem {
  /** The booking's route, as the lists show it. */
  route: string
}

/** What adding, deciding or withdrawing a charge answers: the message to show and the charge as it now is. */
export interface ChargeAnswer {
  message: string
  charge: ChargeItem
}

export const chargePaths = {
  /** Customer: a booking's charges (GET) */
  bookingCharges: (number: string) => `/api/bookings/${encodeURIComponent(number)}/charges`,
  /** Customer: change requests waiting for an answer across the company (GET) */
  pending: '/api/charges/pending',
  /** Customer: approve or decline (POST decideChargeSchema) */
  decide: (id: number) => `/api/charges/${id}/decision`,
  /** Customer or staff: the attachment's file (GET) */
  attachment: (id: number) => `/api/charges/${id}/attachment`,
  /** Staff: a booking's charges (GET) and add one (POST addChargeSchema, JSON or multipart with `file`) */
  staffBookingCharges: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/charges`,
  /** Staff: withdraw a pending change request (POST withdrawChargeSchema) */
  staffWithdraw: (id: number) => `/api/staff/charges/${id}/withdraw`,
  /** Staff: the attachment's file (GET) */
  staffAttachment: (id: number) => `/api/staff/charges/${id}/attachment`,
} as const
