import { PDFDocument, type PDFPage, StandardFonts } from 'pdf-lib'
import type { RouteLeg } from '../../contract/bookings'
import { notifyPartyText, partyLines } from '../../contract/parties'
import type { Mode } from '../../contract/pricing/types'
import { ACCOUNT_TIME_ZONE, asPlannedDay, dayIn } from '../../contract/times'
import { addressLine, mainPhone, type SiteConfig, siteConfig } from '../site-config'
import { A4, brandColour, ink, MARGIN, muted, printable, rule, wrap } from './pdf-kit'

export interface HouseBillParty {
  name: string
  address: string
  contact?: string | undefined
}

export interface HouseBillInput {
  mode: Mode
  hbl: string
  bookingNumber: string
  shipper: HouseBillParty
  consignee: HouseBillParty
  notifyParty: HouseBillParty | null
  /** `time_zone`: the place's, for the date of departure (the first leg's `from` is read first). */
  origin: { code: string; name: string; time_zone?: string | null | undefined }
  destination: { code: string; name: string }
  legs: RouteLeg[]
  carrier: string
  cargoDescription: string
  /** "2 × 40HC", "4 packages, 1,400 kg", ... */
  cargoSummary: string
  /** "UN1263, class 3, PG II" when hazardous. */
  hazardous: string | null
  etd: Date | null
  issuedAt: Date
}

/**
 * The dates of the bill, as contract/times.ts writes them, always with the year: the date of departure is
 * the port (or airport) of loading's own date (the first leg's place, else the origin's zone; UTC when not
 * known), the date of issue Singapore's, where the bill is issued.
 */
/** The port of loading's date of departure; a day planned without a time is that day (asPlannedDay). */
const departureDay = (input: HouseBillInput) =>
  input.etd
    ? dayIn(
        asPlannedDay(new Date(input.etd).toISOString(), input.legs[0]?.etd) as string,
        input.legs[0]?.from.time_zone ?? input.origin.time_zone ?? null,
      )
    : 'To be advised'

/**
 * A one-page house bill of lading (sea) or house air waybill (air) of an issued booking, headed by the issuing
 * company of the site configuration (site.config.ts; `site` is there for tests).
 */
export async function houseBillPdf(
  input: HouseBillInput,
  site: SiteConfig = siteConfig,
): Promise<Uint8Array> {
  const air = input.mode === 'AIR'
  const title = air ? 'HOUSE AIR WAYBILL' : 'HOUSE BILL OF LADING'
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${air ? 'House air waybill' : 'House bill of lading'} ${input.hbl}`)
  pdf.setAuthor(site.legalName)
  pdf.setSubject(`Booking ${input.bookingNumber}`)
  pdf.setCreationDate(input.issuedAt)
  pdf.setModificationDate(input.issuedAt)
  const page = pdf.addPage([A4.width, A4.height])
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const contentWidth = A4.width - 2 * MARGIN

  // Heading.
  let y = A4.height - MARGIN
  page.drawText(printable(site.brand), { x: MARGIN, y: y - 20, size: 22, font: bold, color: brandColour })
  const titleWidth = bold.widthOfTextAtSize(title, 16)
  page.drawText(title, { x: A4.width - MARGIN - titleWidth, y: y - 20, size: 16, font: bold, color: ink })
  const sub = `${air ? 'HAWB' : 'HBL'} No. ${input.hbl}   Booking ${input.bookingNumber}`
  const subWidth = regular.widthOfTextAtSize(sub, 9)
  page.drawText(sub, { x: A4.width - MARGIN - subWidth, y: y - 34, size: 9, font: regular, color: ink })
  // The issuer under the brand: the tagline (beside the number), then the registered company, its address
  // and how to reach it, full width.
  const phone = mainPhone(site)
  const issuerLines = [
    ...wrap(site.tagline, regular, 8, contentWidth - subWidth - 12),
    ...wrap(`${site.legalName}, UEN ${site.uen}`, regular, 8, contentWidth),
    ...wrap(
      [addressLine(site), site.supportEmail, phone?.display].filter(Boolean).join(' - '),
      regular,
      8,
      contentWidth,
    ),
  ]
  issuerLines.forEach((text, i) => {
    page.drawText(text, { x: MARGIN, y: y - 34 - i * 10, size: 8, font: regular, color: muted })
  })
  y -= 38 + issuerLines.length * 10
  line(page, MARGIN, y, A4.width - MARGIN, y, 1.2)

  const half = contentWidth / 2
  const party = (p: HouseBillParty) => partyLines(p).join('\n')

  y = row(page, y, [
    { label: 'Shipper', text: party(input.shipper), width: half },
    { label: 'Consignee', text: party(input.consignee), width: half },
  ])
  y = row(page, y, [
    // In the words of the booking's page and its confirmation PDF.
    { label: 'Notify party', text: notifyPartyText(input.notifyParty), width: half },
    {
      label: air ? 'Carrier (airline)' : 'Carrier',
      text: `${input.carrier || 'To be advised'}\nDate of departure: ${departureDay(input)}`,
      width: half,
    },
  ])

  const first = input.legs[0]
  const last = input.legs.at(-1)
  const transport = input.legs
    .map((leg) =>
      air
        ? `${leg.flight ?? 'Flight TBA'} ${leg.from.code}-${leg.to.code}`
        : `${leg.vesselName ?? 'Vessel TBA'}${leg.voyage ? ` / ${leg.voyage}` : ''} ${leg.from.code}-${leg.to.code}`,
    )
    .join('\n')
  const place = (p: { code: string; name: string }) => `${p.name} (${p.code})`
  y = row(page, y, [
    {
      label: air ? 'Airport of departure' : 'Port of loading',
      text: place(first?.from ?? input.origin),
      width: half / 2 + 40,
    },
    {
      label: air ? 'Airport of destination' : 'Port of discharge',
      text: place(last?.to ?? input.destination),
      width: half / 2 + 40,
    },
    {
      label: air ? 'Flight' : 'Vessel / voyage',
      text: transport || 'To be advised',
      width: contentWidth - half - 80,
    },
  ])

  y = row(page, y, [
    {
      label: air ? 'Pieces, weight and volume' : 'Containers / packages',
      text: input.cargoSummary,
      width: half,
    },
    {
      label: 'Dangerous goods',
      text: input.hazardous ? `Yes: ${input.hazardous}` : 'No',
      width: half,
    },
  ])
  y = row(page, y, [
    {
      label: 'Description of goods (said to contain)',
      text: input.cargoDescription,
      width: contentWidth,
      minHeight: 120,
    },
  ])

  const terms = air
    ? `Received in apparent good order and condition for carriage to the airport of destination, subject to the conditions of carriage of ${site.legalName} and of the carrier. Not negotiable.`
    : `Received in apparent good order and condition, unless otherwise stated, the goods described above for carriage from the port of loading to the port of discharge, subject to the terms and conditions of ${site.legalName} and of the carrier. One original house bill, duly endorsed, must be surrendered in exchange for the goods or a delivery order.`
  y = row(page, y, [{ label: 'Terms', text: terms, width: contentWidth }])
  y = row(page, y, [
    {
      label: 'Place and date of issue',
      text: `Singapore, ${dayIn(input.issuedAt, ACCOUNT_TIME_ZONE)}`,
      width: half,
    },
    { label: 'Signed', text: `Issued by ${site.legalName} (as carrier's agent)`, width: half },
  ])

  page.drawText(
    printable(
      `This document was generated electronically by ${site.brand} for booking ${input.bookingNumber} and is valid without signature.`,
    ),
    { x: MARGIN, y: Math.max(y - 18, MARGIN), size: 7, font: regular, color: muted },
  )
  return pdf.save()

  function line(p: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.6) {
    p.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rule })
  }

  /** A row of labelled boxes side by side; returns the y under it. */
  function row(
    p: PDFPage,
    top: number,
    cells: { label: string; text: string; width: number; minHeight?: number }[],
  ): number {
    const size = 9
    const leading = 11.5
    const laid = cells.map((cell) => ({ ...cell, lines: wrap(cell.text, regular, size, cell.width - 12) }))
    const height = Math.max(
      ...laid.map((cell) => Math.max(cell.minHeight ?? 0, 22 + cell.lines.length * leading)),
    )
    let x = MARGIN
    for (const cell of laid) {
      p.drawText(cell.label.toUpperCase(), { x: x + 6, y: top - 12, size: 6.5, font: bold, color: muted })
      cell.lines.forEach((text, i) => {
        p.drawText(text, { x: x + 6, y: top - 24 - i * leading, size, font: regular, color: ink })
      })
      x += cell.width
      if (x < A4.width - MARGIN - 1) line(p, x, top, x, top - height)
    }
    line(p, MARGIN, top - height, A4.width - MARGIN, top - height)
    return top - height
  }
}
