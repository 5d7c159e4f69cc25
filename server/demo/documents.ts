/**
 * The demo customer's documents: a shipment that has departed had its required documents uploaded and
 * accepted before the cut-off, as a real one would (a departed shipment listing its invoice as never
 * received read as a broken record). Each file is a one-page PDF saying what it stands for, stored through
 * the same storage as uploads and accepted through the same review as operations use.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { type BookingStatus, documentNames } from '../../contract/bookings'
import { documentChecklist, isUploadableKind } from '../../contract/documents'
import type { Mode } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { insertBookingDocument } from '../documents/queries'
import { reviewDocument } from '../documents/review'
import type { Mailer } from '../mail/index'
import type { DocumentStorage } from '../storage/index'

const HOUR = 3_600_000
const departed: readonly BookingStatus[] = ['Departed', 'Arrived', 'Delivered']

/** A one-page PDF naming the document and the booking it belongs to. */
async function demoPdf(title: string, bookingNumber: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([595, 842])
  page.drawText(title, { x: 56, y: 760, size: 20, font })
  page.drawText(`Booking ${bookingNumber}`, { x: 56, y: 730, size: 12, font })
  page.drawText('Demo document: made by the demo seed, not a real shipment.', {
    x: 56,
    y: 706,
    size: 10,
    font,
  })
  pdf.setTitle(`${title} ${bookingNumber}`)
  return pdf.save()
}

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })

/**
 * Uploads and accepts the required documents of a demo booking whose shipment has departed: uploaded two
 * days before they were due, accepted the next morning. Nothing for a booking that has not departed.
 */
export async function seedDemoDocuments(
  db: Kysely<Database>,
  storage: DocumentStorage,
  booking: {
    id: number
    number: string
    customerId: number
    userId: number
    mode: Mode
    hazardous: boolean
    target: BookingStatus
    etd: Date
  },
): Promise<number> {
  if (!departed.includes(booking.target)) return 0
  const mailer: Mailer = { appUrl: '', queue: async () => 0 }
  const required = documentChecklist({ mode: booking.mode, hazardous: booking.hazardous, etd: booking.etd })
  let made = 0
  for (const entry of required) {
    if (!entry.required || !entry.dueDate || !isUploadableKind(entry.kind)) continue
    const uploadedAt = new Date(Date.parse(`${entry.dueDate}T02:00:00Z`) - 48 * HOUR)
    const bytes = await demoPdf(documentNames[entry.kind], booking.number)
    const key = randomUUID()
    const size = await storage.put(key, streamOf(bytes))
    const row = await insertBookingDocument(db, {
      id: randomUUID(),
      booking_id: booking.id,
      customer_id: booking.customerId,
      kind: entry.kind,
      name: `${entry.kind.replaceAll('_', '-')}-${booking.number}.pdf`,
      size,
      content_type: 'application/pdf',
      storage_key: key,
      uploaded_by: booking.userId,
      uploaded_at: uploadedAt,
    })
    await reviewDocument(
      { db, mailer },
      { id: row.id, status: 'Accepted' },
      new Date(uploadedAt.getTime() + 20 * HOUR),
    )
    made += 1
  }
  return made
}
