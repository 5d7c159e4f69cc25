/**
 * The sales desk (issue 22): what a quote request goes through, the offer a sales person prices, the charge
 * codes offers are made of, and what the console and My Quotes show. One source for both consoles and the API.
 */
import { z } from 'zod'
import { isIsoDate } from './pricing/rules'
import {
  type ChargeBasis,
  type ChargeSide,
  chargeBases,
  chargeSides,
  containerTypes,
  type Mode,
  type RateLane,
} from './pricing/types'
import { safeString } from './text'
import type { ServiceLevel } from './working-hours'

export const deskStates = [
  'Requested',
  'In progress',
  'Offer sent',
  'Accepted',
  'Declined',
  'Expired',
] as const
export type DeskState = (typeof deskStates)[number]

export const deskMessages = {
  notFound: 'Quote request not found.',
  notAllowed: (state: DeskState) => `Not possible while the request is ${state}.`,
  assigned: 'Assigned.',
  offerSent: 'Offer sent to the customer.',
  declined: 'Offer declined.',
  reasonRequired: 'Tell us why, so we can do better.',
  staffNotFound: 'Choose an active staff member with the Sales role.',
  validToPast: 'The offer must be valid until today or later.',
  linesRequired: 'Add at least one charge line.',
  containerTypeRequired: 'Choose the container type this line prices.',
  currencyUnknown: 'No exchange rate for this currency.',
  carrierRequired: 'Name the carrier or airline.',
} as const

/** A charge code of the catalogue: what an offer line is made from. */
export interface ChargeCode {
  code: string
  name: string
  side: ChargeSide
  basis: ChargeBasis
  modes: readonly Mode[]
}

/** The codes carriers and forwarders use (../shared/FREIGHT.md), and those of the illustrative rate sheets. */
export const chargeCatalogue: readonly ChargeCode[] = [
  { code: 'BAS', name: 'Ocean freight', side: 'freight', basis: 'container', modes: ['FCL'] },
  { code: 'BAF', name: 'Bunker adjustment factor', side: 'freight', basis: 'container', modes: ['FCL'] },
  { code: 'LSS', name: 'Low sulphur surcharge', side: 'freight', basis: 'container', modes: ['FCL'] },
  { code: 'PSS', name: 'Peak season surcharge', side: 'freight', basis: 'container', modes: ['FCL'] },
  { code: 'OFR', name: 'Ocean freight (W/M)', side: 'freight', basis: 'wm', modes: ['LCL'] },
  { code: 'AFR', name: 'Air freight', side: 'freight', basis: 'kg', modes: ['AIR'] },
  { code: 'FSC', name: 'Fuel surcharge', side: 'freight', basis: 'kg', modes: ['AIR'] },
  { code: 'SSC', name: 'Security surcharge', side: 'freight', basis: 'kg', modes: ['AIR'] },
  {
    code: 'DGS',
    name: 'Dangerous goods surcharge',
    side: 'freight',
    basis: 'shipment',
    modes: ['FCL', 'LCL', 'AIR'],
  },
  { code: 'OTHC', name: 'Origin terminal handling', side: 'origin', basis: 'container', modes: ['FCL'] },
  {
    code: 'DTHC',
    name: 'Destination terminal handling',
    side: 'destination',
    basis: 'container',
    modes: ['FCL'],
  },
  { code: 'OCFS', name: 'Origin CFS handling', side: 'origin', basis: 'wm', modes: ['LCL'] },
  { code: 'DCFS', name: 'Destination CFS handling', side: 'destination', basis: 'wm', modes: ['LCL'] },
  { code: 'SEAL', name: 'Container seal', side: 'origin', basis: 'container', modes: ['FCL'] },
  { code: 'VGM', name: 'VGM submission', side: 'origin', basis: 'container', modes: ['FCL'] },
  { code: 'DOC', name: 'Documentation', side: 'origin', basis: 'shipment', modes: ['FCL', 'LCL', 'AIR'] },
  {
    code: 'DDOC',
    name: 'Destination documentation',
    side: 'destination',
    basis: 'shipment',
    modes: ['FCL', 'LCL', 'AIR'],
  },
  { code: 'AWB', name: 'Air waybill fee', side: 'origin', basis: 'shipment', modes: ['AIR'] },
  {
    code: 'ENS',
    name: 'Advance manifest filing (ENS/AMS/ISF)',
    side: 'origin',
    basis: 'shipment',
    modes: ['FCL', 'LCL', 'AIR'],
  },
  { code: 'TLX', name: 'Telex release', side: 'destination', basis: 'shipment', modes: ['FCL', 'LCL'] },
]

const CODE = /^[A-Z0-9]{2,8}$/
const MINOR_MAX = 1_000_000_000

export const offerLineSchema = z
  .object({
    code: safeString().trim().toUpperCase().regex(CODE, 'A code of 2 to 8 capital letters or digits.'),
    name: safeString().trim().min(1, 'Name the charge.').max(100, 'At most 100 characters.'),
    side: z.enum(chargeSides),
    basis: z.enum(chargeBases),
    currency: safeString()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'A three-letter currency code.'),
    /** Minor units per unit of the basis (basis points for `percent`). */
    amount: z.int('A whole number of cents.').min(0, 'Not below 0.').max(MINOR_MAX, 'Too large.'),
    minimum: z.int('A whole number of cents.').min(0, 'Not below 0.').max(MINOR_MAX, 'Too large.'),
    containerType: z.enum(containerTypes).optional(),
  })
  .refine((line) => line.basis !== 'container' || line.containerType !== undefined, {
    error: deskMessages.containerTypeRequired,
    path: ['containerType'],
  })

export type OfferLine = z.infer<typeof offerLineSchema>

export const offerSchema = z.object({
  carrier: safeString().trim().min(1, deskMessages.carrierRequired).max(100, 'At most 100 characters.'),
  service: safeString().trim().max(100, 'At most 100 characters.').default('Direct'),
  transitDays: z.int('Whole days.').min(1, 'At least 1 day.').max(120, 'At most 120 days.'),
  validTo: safeString().max(10, 'A date (YYYY-MM-DD).').refine(isIsoDate, 'A date (YYYY-MM-DD).'),
  freeDays: z.int('Whole days.').min(0).max(60).nullable().default(null),
  note: safeString().trim().max(1000, 'At most 1,000 characters.').default(''),
  lines: z.array(offerLineSchema).min(1, deskMessages.linesRequired).max(40, 'At most 40 lines.'),
})

export type OfferInput = z.input<typeof offerSchema>
export type Offer = z.output<typeof offerSchema>

export const assignSchema = z.object({
  /** Who takes the request; absent: the caller. */
  staffId: z.int().positive().max(2_147_483_647).optional(),
})

export const declineSchema = z.object({
  reason: safeString({ error: deskMessages.reasonRequired })
    .trim()
    .min(1, deskMessages.reasonRequired)
    .max(1000, 'At most 1,000 characters.'),
})

/** A version of the offer, as both sides see it. */
export interface OfferVersion {
  version: number
  sentAt: string
  sentBy: string
  carrier: string
  service: string
  transitDays: number
  validTo: string
  totalUsd: number
  note: string
  /** A newer version replaced it. */
  superseded: boolean
}

export interface DeskQueueItem {
  number: string
  state: DeskState
  mode: Mode
  origin: { code: string; name: string }
  destination: { code: string; name: string }
  company: string
  requester: string
  requestedAt: string
  assignee: { id: number; name: string } | null
  serviceLevel: { level: ServiceLevel; dueAt: string }
}

export interface DeskRequestDetail extends DeskQueueItem {
  request: import('./pricing/types').QuoteRequest
  notes: string | null
  declineReason: string | null
  offers: OfferVersion[]
  /** Sheets for the lane (any validity) to start an offer from. */
  templates: Pick<RateLane, 'carrier' | 'service' | 'transitDays' | 'validTo' | 'freeDays' | 'charges'>[]
  /** The currencies with an exchange rate: what a line may be priced in. */
  currencies: string[]
  /** The active staff with the Sales role: who the request may be given to. */
  colleagues: { id: number; name: string }[]
}

/** An instant quote that expires unbooked soon: for a sales person to follow up. */
export interface FollowUp {
  number: string
  company: string
  requester: string
  email: string
  mode: Mode
  origin: string
  destination: string
  validTo: string
  totalUsd: number | null
}
