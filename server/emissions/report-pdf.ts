/**
 * The emissions report as a PDF an auditor can read (docs/emissions.md "The report"): `emissionsPdfData`
 * decides every word from the report as GET /api/emissions answers it, `renderEmissionsPdf` draws it with
 * the finance PDFs' sheet (server/finance/pdf-sheet.ts): the letterhead, the company and the period, the
 * totals, by mode, by month, the bookings (the table's head on every page it runs over), the method, every
 * factor of every version used with its source, and the data quality.
 */
import { co2eText, emissionFactorKeys, factorText } from '../../contract/emissions'
import {
  type EmissionsReport,
  emissionsModeNames,
  kgText,
  massBasisNames,
  monthText,
  notCountedText,
  periodText,
} from '../../contract/emissions-report'
import { groupedNumber } from '../../contract/text'
import { calendarDay } from '../../contract/times'
import { muted, wrap } from '../documents/pdf-kit'
import { supplierParty } from '../finance/invoices'
import { registrationOf } from '../finance/pdf-data'
import { pdfSheet, type Sheet } from '../finance/pdf-sheet'
import type { SiteConfig } from '../site-config'

export interface PdfTable {
  heads: string[]
  /** Each column's share of the width. */
  widths: number[]
  /** The columns of numbers: right-aligned, never wrapped. */
  numeric: number[]
  rows: { cells: string[]; note?: string; bold?: boolean }[]
}

export interface EmissionsPdfData {
  title: string
  subject: string
  author: string
  createdAt: Date
  brand: string
  supplier: string[]
  period: string
  facts: { label: string; text: string }[]
  totals: { label: string; text: string }[]
  notCounted: string | null
  byMode: PdfTable
  byMonth: PdfTable
  bookings: PdfTable | null
  method: string
  factors: { title: string; table: PdfTable }[]
  dataQuality: string
  footer: string
}

const kg = (grams: number) => kgText(grams / 1000)
const sumHeads = ['', 'Bookings', 'Not counted', 'WTW kg CO2e', 'TTW kg CO2e']
const sumWidths = [0.36, 0.14, 0.14, 0.18, 0.18]
const sumRow = (label: string, sum: EmissionsReport['totals'], bold = false) => ({
  cells: [label, String(sum.bookings), String(sum.notCounted), kg(sum.wtwGrams), kg(sum.ttwGrams)],
  bold,
})

/** Every word of the PDF of `report`. */
export function emissionsPdfData(report: EmissionsReport, config: SiteConfig): EmissionsPdfData {
  const supplier = supplierParty(config)
  const registration = registrationOf(supplier)
  const period = periodText(report.period)
  const { totals } = report
  return {
    title: `Emissions report, ${report.company.name}, ${period}`,
    subject: `Greenhouse gas emissions of the bookings of ${report.company.name} from ${report.period.firstDay} to ${report.period.lastDay}, ISO 14083:2023 and GLEC Framework v3`,
    author: supplier.name,
    createdAt: new Date(`${report.asOf}T00:00:00+08:00`),
    brand: config.brand,
    supplier: [supplier.name, ...supplier.addressLines, ...registration],
    period,
    facts: [
      { label: 'Company', text: report.company.name },
      {
        label: 'Period',
        text: `${period}: bookings made ${calendarDay(report.period.firstDay)} to ${calendarDay(report.period.lastDay)} (Singapore dates)`,
      },
      { label: 'Report date', text: calendarDay(report.asOf) },
      {
        label: 'Bookings',
        text: `${groupedNumber(totals.bookings)} (${groupedNumber(totals.counted)} counted, ${groupedNumber(totals.notCounted)} not counted); cancelled bookings left out`,
      },
    ],
    totals: [
      { label: 'Well-to-wheel (WTW)', text: co2eText(totals.wtwGrams) },
      { label: 'Tank-to-wheel (TTW)', text: co2eText(totals.ttwGrams) },
      {
        label: 'Exact sums',
        text: `${groupedNumber(totals.wtwGrams)} g CO2e WTW, ${groupedNumber(totals.ttwGrams)} g CO2e TTW`,
      },
    ],
    notCounted: notCountedText(totals),
    byMode: {
      heads: ['Mode', ...sumHeads.slice(1)],
      widths: sumWidths,
      numeric: [1, 2, 3, 4],
      rows: [
        ...report.byMode.map((sum) => sumRow(emissionsModeNames[sum.mode], sum)),
        sumRow('Total', totals, true),
      ],
    },
    byMonth: {
      heads: ['Month', ...sumHeads.slice(1)],
      widths: sumWidths,
      numeric: [1, 2, 3, 4],
      rows: [
        ...report.byMonth.map((sum) => sumRow(monthText(sum.month), sum)),
        sumRow('Total', totals, true),
      ],
    },
    bookings:
      report.bookings.length === 0
        ? null
        : {
            heads: ['Booking', 'Date', 'Mode', 'From', 'To', 'Mass kg', 'km', 'WTW kg CO2e', 'TTW kg CO2e'],
            widths: [0.16, 0.12, 0.07, 0.1, 0.1, 0.12, 0.09, 0.12, 0.12],
            numeric: [5, 6, 7, 8],
            rows: report.bookings.map((b) => {
              const f = b.figure
              return {
                cells: [
                  b.number,
                  calendarDay(b.bookedOn),
                  b.mode,
                  b.origin.code,
                  b.destination.code,
                  f ? kgText(f.massKg) : '',
                  f ? groupedNumber(f.distanceKm) : '',
                  f ? kg(f.wtwGrams) : 'Not counted',
                  f ? kg(f.ttwGrams) : '',
                ],
                note: f
                  ? `${b.origin.name} to ${b.destination.name}, ${b.carrier}. Mass: ${massBasisNames[f.massBasis]}. Factors: ${f.factorsVersion}. Counted ${f.countedText}.`
                  : `${b.origin.name} to ${b.destination.name}, ${b.carrier}. Not counted: a place of its route has no known position.`,
              }
            }),
          },
    method: report.method,
    factors: report.factors.map((version) => ({
      title: `${version.version}: ${version.source}`,
      table: {
        heads: ['Factor', 'WTW g/t·km', 'TTW g/t·km', 'Source'],
        widths: [0.26, 0.12, 0.12, 0.5],
        numeric: [1, 2],
        rows: emissionFactorKeys
          .map((key) => version.factors[key])
          .map((f) => ({
            cells: [f.label, factorText(f.wtwGPerTkm), factorText(f.ttwGPerTkm), f.source],
          })),
      },
    })),
    dataQuality: report.dataQuality,
    footer: `Emissions report of ${report.company.name}, ${period}, ${calendarDay(report.asOf)}. ${[supplier.name, ...registration].join(', ')}.`,
  }
}

/**
 * A table from the left margin to the right: its head on every page it runs over; a row's `note` under it
 * in small muted type; text columns wrap, number columns are right-aligned.
 */
function drawTable(s: Sheet, table: PdfTable) {
  const xs: number[] = []
  let x = s.left
  for (const w of table.widths) {
    xs.push(x)
    x += w * s.width
  }
  const isNumber = (i: number) => table.numeric.includes(i)
  const colWidth = (i: number) => (table.widths[i] ?? 0) * s.width - 6
  const head = () => {
    s.y -= 12
    table.heads.forEach((h, i) => {
      if (isNumber(i)) s.rightText(h, (xs[i] as number) + colWidth(i), s.y, 7.5, s.bold, muted)
      else s.text(h, xs[i] as number, s.y, 7.5, s.bold, muted)
    })
    s.y -= 5
    s.hr(s.y)
  }
  head()
  for (const row of table.rows) {
    const font = row.bold ? s.bold : s.regular
    const lines = row.cells.map((cell, i) => (isNumber(i) ? [cell] : wrap(cell, font, 8, colWidth(i))))
    const tall = Math.max(...lines.map((l) => l.length))
    const note = row.note ? wrap(row.note, s.regular, 7, s.width) : []
    s.room(6 + tall * 10 + note.length * 9, head)
    s.y -= 12
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, j) => {
        if (isNumber(i)) s.rightText(line, (xs[i] as number) + colWidth(i), s.y - j * 10, 8, font)
        else s.text(line, xs[i] as number, s.y - j * 10, 8, font)
      })
    })
    s.y -= (tall - 1) * 10
    for (const line of note) {
      s.y -= 9
      s.text(line, s.left, s.y, 7, s.regular, muted)
    }
    s.y -= 2
  }
}

/** A paragraph across the page. */
function paragraph(s: Sheet, text: string, size = 8.5) {
  for (const line of wrap(text, s.regular, size, s.width)) {
    s.room(14)
    s.y -= size + 3
    s.text(line, s.left, s.y, size)
  }
}

/** The PDF of `data`. */
export async function emissionsPdf(data: EmissionsPdfData): Promise<Uint8Array> {
  const s = await pdfSheet(data)
  s.letterhead(data.brand, 'Emissions report', data.period, data.supplier)
  s.y -= 6
  s.rows(data.facts, s.left, s.right, 90)

  s.heading('Totals', 80)
  s.rows(data.totals, s.left, s.right, 120)
  if (data.notCounted) {
    s.y -= 4
    paragraph(s, data.notCounted)
  }

  s.heading('By mode', 90)
  drawTable(s, data.byMode)
  s.heading('By month', 90)
  drawTable(s, data.byMonth)

  s.heading('Bookings', 70)
  if (data.bookings) drawTable(s, data.bookings)
  else paragraph(s, 'No booking was made in the period.')

  s.heading('Method', 60)
  paragraph(s, data.method)

  s.heading('Emission factors', 70)
  if (data.factors.length === 0) paragraph(s, 'No figure of the period: no factors were used.')
  for (const version of data.factors) {
    s.y -= 4
    for (const line of wrap(version.title, s.bold, 8.5, s.width)) {
      s.room(14)
      s.y -= 11
      s.text(line, s.left, s.y, 8.5, s.bold)
    }
    drawTable(s, version.table)
  }

  s.heading('Data quality', 50)
  paragraph(s, data.dataQuality)
  return s.finish(data.footer)
}

/** The PDF of `report` (as GET /api/emissions answers it). */
export function renderEmissionsPdf(report: EmissionsReport, config: SiteConfig): Promise<Uint8Array> {
  return emissionsPdf(emissionsPdfData(report, config))
}
