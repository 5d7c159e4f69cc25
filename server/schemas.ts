import { companyRoles } from '../contract/team'
/**
 * The API's shapes that several operations share, as the OpenAPI document names them (components), each
 * tied to its contract type with `documents`: the document cannot say one thing while the handlers send
 * another. A shape one route alone answers stays beside that route.
 */

import { z } from '@hono/zod-openapi'
import {
  type DocumentFile,
  type DocumentItem,
  documentKinds,
  documentStatuses,
  type Milestone,
  milestoneKeys,
  type PlaceRef,
  type RouteLeg,
} from '../contract/bookings'
import {
  type BookingEmissions,
  type CarriageLeg,
  type EmissionFactor,
  type EmissionFactorKey,
  type EmissionFactors,
  emissionFactorKeys,
  emissionsReasons,
  type ShipmentEmissions,
} from '../contract/emissions'
import type { Sailing } from '../contract/pricing/schedule'
import type { OfferVersion } from '../contract/quote-desk'
import { type Party, partySchema } from '../contract/quotes'
import type { Place, SessionUser } from '../contract/wire'
import { documents, opaque } from './openapi'

export const PlaceSchema = documents<Place>()(
  z
    .object({
      code: z
        .string()
        .openapi({ description: 'UN/LOCODE of a port or IATA code of an airport', example: 'INNSA' }),
      kind: z.enum(['port', 'airport']),
      name: z.string().openapi({ example: 'Jawaharlal Nehru (Nhava Sheva)' }),
      city: z.string(),
      country_code: z.string().length(2),
      country_name: z.string().openapi({ example: 'India' }),
      time_zone: z.string().nullable().openapi({ example: 'Asia/Calcutta' }),
    })
    .openapi('Place'),
)

export const PlaceRefSchema = documents<PlaceRef>()(
  z
    .object({
      code: z.string(),
      name: z.string(),
      country_code: z.string(),
      time_zone: z.string().nullable(),
    })
    .openapi('PlaceRef'),
)

export const SessionUserSchema = documents<SessionUser>()(
  z
    .object({
      esus_name: z.string().openapi({ example: 'Demo Customer' }),
      esus_email_id: z.string().openapi({ example: 'demo@eship.example' }),
      esus_company_name: z.string().openapi({ example: 'eShip Demo Trading Pte Ltd' }),
      esus_mcou: z.int().openapi({ description: 'Country id', example: 200 }),
      mcou_code: z.string().openapi({ description: "The country's two-letter code", example: 'SG' }),
      company_role: z
        .enum(companyRoles)
        .openapi({ description: "The user's role in their company's account", example: 'admin' }),
    })
    .openapi('SessionUser'),
)

// The contract's own schema of a party, named as a component. (A contract schema is made before
// @hono/zod-openapi may have given zod its `.openapi()`, so its fields are taken into a new object.)
export const PartySchema = documents<Party>()(z.object(partySchema.shape).openapi('Party'))

export const RouteLegSchema = documents<RouteLeg>()(
  z
    .object({
      mode: z.enum(['SEA', 'AIR']),
      from: PlaceRefSchema,
      to: PlaceRefSchema,
      vesselName: z.string().optional(),
      vesselIMONumber: z.string().optional(),
      voyage: z.string().optional(),
      flight: z.string().optional(),
      etd: z.string().nullable(),
      eta: z.string().nullable(),
    })
    .openapi('RouteLeg'),
)

export const MilestoneSchema = documents<Milestone>()(
  z
    .object({
      key: z.enum(milestoneKeys),
      label: z.string(),
      location: z.union([PlaceRefSchema, z.null()]),
      planned: z.string().nullable(),
      estimated: z.string().nullable(),
      actual: z.string().nullable(),
      vesselName: z.string().optional(),
      voyage: z.string().optional(),
      flight: z.string().optional(),
    })
    .openapi('Milestone'),
)

export const DocumentFileSchema = documents<DocumentFile>()(
  z
    .object({
      id: z.string().openapi({ description: 'A uuid, or `hbl` for the issued house bill' }),
      name: z.string().openapi({ description: 'The name as given, for display; never a path' }),
      size: z.int(),
      contentType: z.string().openapi({ description: 'As sniffed from the content' }),
      uploadedAt: z.string(),
      status: z.enum(['Uploaded', 'Accepted', 'Rejected']),
      reason: z.string().nullable(),
      uploadedBy: z.string().openapi({
        description: "Who uploaded it: the company's person, or the forwarder's name for a file it issued",
      }),
    })
    .openapi('DocumentFile'),
)

export const DocumentItemSchema = documents<DocumentItem>()(
  z
    .object({
      kind: z.enum(documentKinds),
      name: z.string(),
      required: z.boolean(),
      dueDate: z.string().nullable().openapi({ description: 'Singapore date, from the ETD' }),
      status: z.enum(documentStatuses),
      reason: z.string().nullable(),
      overdue: z.boolean(),
      files: z.array(DocumentFileSchema),
      requested: z.object({ note: z.string().nullable() }).optional().openapi({
        description:
          'Present while operations ask for the item (due on dueDate, uploadable even after the departure)',
      }),
    })
    .openapi('DocumentItem'),
)

/** A leg of the main carriage as its emissions count it (contract/emissions.ts). */
export const CarriageLegSchema = documents<CarriageLeg>()(
  z
    .object({
      mode: z.enum(['SEA', 'AIR']),
      from: z.string().openapi({ example: 'SGSIN' }),
      to: z.string().openapi({ example: 'INNSA' }),
      distanceKm: z.int().openapi({
        description: 'Sea as sailed over the sea-route network; air as the great circle plus 95 km',
        example: 4736,
      }),
    })
    .openapi('CarriageLeg'),
)

const EmissionFactorSchema = documents<EmissionFactor>()(
  z.object({
    label: z.string(),
    wtwGPerTkm: z.number().openapi({ description: 'Well-to-wheel, grams CO2e per tonne-km' }),
    ttwGPerTkm: z.number().openapi({ description: 'Tank-to-wheel, grams CO2e per tonne-km' }),
    source: z.string(),
  }),
)

/** The emission factors in force (docs/emissions.md). */
export const EmissionFactorsSchema = documents<EmissionFactors>()(
  z
    .object({
      version: z.string(),
      source: z.string(),
      factors: z.object(
        Object.fromEntries(emissionFactorKeys.map((key) => [key, EmissionFactorSchema])) as Record<
          EmissionFactorKey,
          typeof EmissionFactorSchema
        >,
      ),
    })
    .openapi('EmissionFactors'),
)

/** A booking's emissions in force and the figures they replaced (docs/emissions.md). */
export const BookingEmissionsSchema = documents<BookingEmissions>()(
  z
    .object({
      figure: opaque<ShipmentEmissions>(
        'The figure by leg (ShipmentEmissions: legs, mass, wtwGrams, ttwGrams, factorsVersion, dataQuality)',
      ),
      factors: EmissionFactorsSchema,
      reason: z.enum(emissionsReasons),
      countedAt: z.string(),
      earlier: z.array(
        z.object({
          reason: z.enum(emissionsReasons),
          countedAt: z.string(),
          wtwGrams: z.int(),
          factorsVersion: z.string(),
        }),
      ),
    })
    .openapi('BookingEmissions'),
)

export const SailingSchema = documents<Sailing>()(
  z
    .object({
      etd: z.string().openapi({
        description: 'Planned departure, YYYY-MM-DD (the origin’s calendar)',
        example: '2026-12-02',
      }),
      eta: z
        .string()
        .openapi({ description: 'Planned arrival: etd plus transitDays', example: '2026-12-11' }),
      cargoCutoff: z.string().openapi({
        description: 'Last day cargo is received at the terminal, CFS or airline warehouse',
        example: '2026-11-30',
      }),
      docCutoff: z
        .string()
        .openapi({ description: 'Last day for shipping instructions and documents', example: '2026-11-29' }),
      transitDays: z.int(),
      freeDays: z.int().nullable().openapi({
        description:
          'Free days at destination (FCL demurrage and detention combined, LCL and air storage); null when the sheet does not say',
      }),
    })
    .openapi('Sailing', {
      description: 'The first sailing or flight whose cut-offs fall on or after the cargo-ready date',
    }),
)

/** A version of a sales offer, as both the console and the customer see it. */
export const OfferVersionSchema = documents<OfferVersion>()(
  z
    .object({
      version: z.int(),
      sentAt: z.string(),
      sentBy: z.string(),
      carrier: z.string(),
      service: z.string(),
      transitDays: z.int(),
      validTo: z.string(),
      totalUsd: z.int().openapi({ description: 'USD cents before services' }),
      note: z.string(),
      superseded: z.boolean(),
    })
    .openapi('OfferVersion'),
)
