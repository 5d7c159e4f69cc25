import { crc32, deflateSync } from 'node:zlib'
import { expect } from 'vitest'
import type { QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import { type CreateQuoteResponse, containersOf, type QuoteDetail } from '../../contract/quotes'
import { postJson } from './helpers'

const none: ServiceSelection = {
  exportCustoms: false,
  importCustoms: false,
  insurance: false,
  pickup: null,
  delivery: null,
}

/** A booking made through the API as a customer makes it: quote, price, confirm. Its number. */
export async function bookThroughApi(
  call: (path: string, init: RequestInit) => Response | Promise<Response>,
  today: Date,
  overrides: Partial<QuoteRequest> = {},
): Promise<string> {
  const request: QuoteRequest = {
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    readyDate: today.toISOString().slice(0, 10),
    commodity: 'Machine parts',
    containers: [{ type: '40HC', count: 2 }],
    cargoValue: 5_000_000,
    ...overrides,
  }
  const created = await call('/api/quotes', postJson(request))
  const quote = ((await created.json()) as CreateQuoteResponse).quote as QuoteDetail
  const optionId = quote.options[0]?.id as number
  const priced = await call(`/api/quotes/${quote.number}/price`, postJson({ optionId, services: none }))
  const { price } = (await priced.json()) as { price: { totalUsd: number } }
  const party = (name: string) => ({ name, address: '10 Anson Road, #20-01, Singapore 079903' })
  const confirmed = await call(
    `/api/quotes/${quote.number}/confirm`,
    postJson({
      optionId,
      services: none,
      shipper: party('Alice Exports Pte Ltd'),
      consignee: party('Mumbai Imports Pvt Ltd'),
      cargoDescription: 'Machine parts in wooden crates',
      containerWeightsKg: containersOf(request).map(() => 18_400),
      acceptTerms: true,
      shownTotalUsd: price.totalUsd,
    }),
  )
  expect(confirmed.status).toBe(201)
  return ((await confirmed.json()) as { booking: { number: string } }).booking.number
}

/** Tiny but real files of each allowed type, made here so that the tests need no binary fixtures. */

export function minimalPdf(text = 'Commercial invoice'): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 10 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 10 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  Buffer.from(data).copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** A 1×1 red PNG. */
export function minimalPng(): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(1, 0)
  ihdr.writeUInt32BE(1, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.from([0, 255, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ])
}

/** The start of a JFIF JPEG (SOI, APP0) and its end: what a sniffer sees of a photo. */
export function minimalJpeg(): Uint8Array {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.alloc(64, 0x20),
    Buffer.from([0xff, 0xd9]),
  ])
}

/** A ZIP of stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8')
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 6)
    local.writeUInt16LE(0, 8)
    local.writeUInt32LE(0, 10)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = Object.keys(entries).length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="${main}" ContentType="${main.startsWith('/xl') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'}"/></Types>`

export function minimalXlsx(): Uint8Array {
  return zip({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml'),
    '_rels/.rels': '<Relationships/>',
    'xl/workbook.xml': '<workbook/>',
  })
}

export function minimalDocx(): Uint8Array {
  return zip({
    '[Content_Types].xml': contentTypes('/word/document.xml'),
    '_rels/.rels': '<Relationships/>',
    'word/document.xml': '<document/>',
  })
}

/** A Windows executable's first bytes (MZ header, PE signature). */
export function executable(): Uint8Array {
  const bytes = Buffer.alloc(512)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  bytes.writeUInt16LE(0x014c, 0x84)
  return bytes
}
