/**
 * The shape of the site configuration: the company's identity as the deployer sets it in `site.config.ts`
 * (docs/site-config.md). The footer, the contact page, the WhatsApp button, the legal pages, every mail's
 * signature and the house bill read it.
 *
 * The pages import `site.config.ts` as a plain object (its type only comes from here), so zod stays out of
 * every public page's bundle; the build (vite.config.ts), the server at start (server/site-config.ts) and
 * tests/contract/site-config.test.ts validate it with `siteConfigSchema`.
 */
import { z } from 'zod'

/** The file a deployer edits; named in errors and in the server's demo warning. */
export const SITE_CONFIG_FILE = 'site.config.ts'

export const phoneRegions = ['SG', 'UAE', 'UK', 'IND'] as const
export const whatsAppRegions = ['SG', 'IND'] as const
export const socialNetworks = ['linkedin', 'facebook', 'instagram', 'x', 'youtube'] as const

const text = z.string().trim().min(1)
const https = z.url({ protocol: /^https$/, error: 'must be an https:// address' })
const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be E.164: "+", the country code and the number')

/** The digits of a number as written for people: `+44 20 7946 0000` is 442079460000. */
const digitsOf = (display: string) => display.replace(/\D/g, '')

function numberSchema<const R extends readonly [string, ...string[]]>(regions: R) {
  return z
    .object({ region: z.enum(regions), display: text, e164 })
    .refine((n) => digitsOf(n.display) === n.e164.slice(1), {
      message: 'display and e164 must be the same number (the display in international form, +…)',
      path: ['display'],
    })
}

/** A list with each region at most once, in the order the footer shows it. */
function byRegion<T extends { region: string }>(item: z.ZodType<T>) {
  return z
    .array(item)
    .min(1)
    .refine((list) => new Set(list.map((n) => n.region)).size === list.length, 'each region at most once')
}

export const siteConfigSchema = z.strictObject({
  /** true while the values are the shipped demo company; the server warns in production. */
  demo: z.boolean(),
  /** The short name in the header, footer, page titles, mail signatures and the house bill's heading. */
  brand: text,
  /** The line beside the brand in the header, the home page's title and the mail signature. */
  tagline: text,
  /** The registered company name (ACRA), as on invoices and the house bill. */
  legalName: text,
  /** Singapore Unique Entity Number: 8 digits and a letter, a year and 5 digits and a letter, or T/S/R… */
  uen: z
    .string()
    .regex(
      /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/,
      'must be a UEN such as 53123456A, 201912345K or T09LL0001B',
    ),
  /** The registered address: street lines (with the postcode), then the country on its own. */
  address: z.strictObject({ lines: z.array(text).min(1).max(4), country: text }),
  supportEmail: z.email(),
  /** How the support hours are written in the page copy and the footer, e.g. `24x7`. */
  supportHours: text,
  /**
   * The sales desk's promise for a lane with no instant rate, as the quote form says it: when a requested
   * quote is answered ("within one working day") and the desk's hours.
   */
  salesDesk: z.strictObject({ answerWithin: text, hours: text }),
  /**
   * The operations desk's promise after a booking is made, as the booking confirmation page and PDF say it:
   * when the booking is confirmed with the carrier ("within one working day") and the desk's hours; and the
   * same in numbers, which choose the sailing a booking plans (contract/pricing/planned-sailing.ts): the
   * desk's working hours (Singapore time, Monday to Friday, public holidays off), the working hours it takes
   * to confirm, and the working hours the customer has after that to prepare the cargo and documents.
   */
  operationsDesk: z.strictObject({
    confirmWithin: text,
    hours: text,
    workingHours: z
      .strictObject({
        startHour: z.number().int().min(0).max(23),
        endHour: z.number().int().min(1).max(24),
      })
      .refine((h) => h.startHour < h.endHour, {
        message: 'startHour must be before endHour',
        path: ['endHour'],
      }),
    confirmWorkingHours: z.number().min(0).max(200),
    preparationWorkingHours: z.number().min(0).max(200),
  }),
  /**
   * What tax invoices print (docs/invoices.md): the GST registration number (for a company, usually its UEN, or
   * an M2-/M9- number), where PayNow payments go (the QR's UEN, and its merchant name and city, which the
   * SGQR format caps at 25 and 15 characters), the bank account for transfers, and how the exchange rate frozen
   * on a foreign-currency invoice is named (the rates the pricing team keeps).
   */
  billing: z.strictObject({
    gstRegistrationNumber: z
      .string()
      .regex(
        /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]|M[2-9]-?\d{7}-?[0-9A-Z])$/,
        'must be a GST registration number such as 201912345K or M2-1234567-8',
      ),
    paynow: z.strictObject({
      uen: z.string().regex(/^[0-9A-Z]{9,10}$/, 'must be the UEN PayNow pays to'),
      merchantName: z.string().min(1).max(25),
      city: z.string().min(1).max(15),
    }),
    bankTransfer: z.strictObject({ bank: text, accountName: text, accountNumber: text, swift: text }),
    fxRateSource: text,
    /**
     * Credit control (docs/payments.md): the limit a company starts with (minor units of its billing currency;
     * finance changes it per company), and how many days past due an invoice may be before a new booking waits
     * for finance's release.
     */
    creditControl: z.strictObject({
      defaultLimit: z.number().int().min(0),
      overdueDaysBeforeHold: z.number().int().min(0).max(365),
    }),
    /**
     * Payment reminders (docs/payments.md): days before the due date, on it (0), and after it (negative), each
     * sent at most once, none once the invoice is paid.
     */
    reminders: z.strictObject({
      daysFromDue: z
        .array(z.number().int().min(-365).max(60))
        .max(10)
        .refine((days) => new Set(days).size === days.length, 'each day at most once'),
    }),
  }),
  phones: byRegion(numberSchema(phoneRegions)),
  /** WhatsApp numbers; the floating button opens the SG one. */
  whatsapp: byRegion(numberSchema(whatsAppRegions)),
  /** The Data Protection Officer's address (PDPA), in the privacy policy. */
  dataProtectionOfficerEmail: z.email(),
  /** The partner platform the home page links to. */
  partnerPlatform: z.strictObject({ label: text, href: https }),
  social: z
    .array(z.strictObject({ network: z.enum(socialNetworks), href: https }))
    .refine((list) => new Set(list.map((s) => s.network)).size === list.length, 'each network at most once'),
})

export type SiteConfig = z.infer<typeof siteConfigSchema>
export type SitePhone = SiteConfig['phones'][number]
export type SiteWhatsApp = SiteConfig['whatsapp'][number]
export type SocialNetwork = (typeof socialNetworks)[number]

/** The configuration, validated; throws one error listing every problem and the file to fix. */
export function parseSiteConfig(value: unknown, source = SITE_CONFIG_FILE): SiteConfig {
  const result = siteConfigSchema.safeParse(value)
  if (result.success) return result.data
  throw new Error(`The site configuration in ${source} is invalid:\n${z.prettifyError(result.error)}`)
}
