import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BookingStatus,
  bookingStatuses,
  type DocumentFile,
  type DocumentKind,
  documentMessages,
} from '../../contract/bookings'
import { singaporeDateOf } from '../../contract/dates'
import {
  displayFileName,
  documentChecklist,
  documentItemStatus,
  documentItems,
  documentRequestSchema,
  documentsClosed,
  isOutstanding,
  isOverdue,
  outstandingCount,
  requestMessages,
  reviewSchema,
  uploadableKinds,
  uploadRefusal,
} from '../../contract/documents'

// 2026-03-10 02:00 in Singapore is still 9 March in UTC: due dates count from the Singapore date.
const etd = '2026-03-09T18:00:00.000Z'

const file = (
  kind: DocumentKind,
  status: DocumentFile['status'],
  uploadedAt: string,
  reason: string | null = null,
) => ({
  kind,
  id: `${kind}-${uploadedAt}`,
  name: `${kind}.pdf`,
  size: 1000,
  contentType: 'application/pdf',
  uploadedAt,
  status,
  reason,
  uploadedBy: 'Priya Tan',
})

describe('documentChecklist', () => {
  it('asks for the commercial invoice and packing list at ETD − 3 days (Singapore date) and offers the COO', () => {
    expect(documentChecklist({ mode: 'FCL', hazardous: false, etd })).toEqual([
      { kind: 'commercial_invoice', name: 'Commercial invoice', required: true, dueDate: '2026-03-07' },
      { kind: 'packing_list', name: 'Packing list', required: true, dueDate: '2026-03-07' },
      {
        kind: 'certificate_of_origin',
        name: 'Certificate of origin',
        required: false,
        dueDate: '2026-03-09',
      },
    ])
  })

  it('adds the safety data sheet and DG declaration, due ETD − 5 days, for hazardous cargo', () => {
    const items = documentChecklist({ mode: 'AIR', hazardous: true, etd })
    expect(items.map((i) => [i.kind, i.required, i.dueDate])).toEqual([
      ['commercial_invoice', true, '2026-03-07'],
      ['packing_list', true, '2026-03-07'],
      ['safety_data_sheet', true, '2026-03-05'],
      ['dg_declaration', true, '2026-03-05'],
      ['certificate_of_origin', false, '2026-03-09'],
    ])
  })

  it('has no due dates before the ETD is known', () => {
    expect(documentChecklist({ mode: 'LCL', hazardous: false, etd: null }).map((i) => i.dueDate)).toEqual([
      null,
      null,
      null,
    ])
  })
})

describe('documentItemStatus', () => {
  it('is Required or Optional without files, and follows the newest file otherwise', () => {
    expect(documentItemStatus({ required: true }, [])).toEqual({ status: 'Required', reason: null })
    expect(documentItemStatus({ required: false }, [])).toEqual({ status: 'Optional', reason: null })
    const rejected = file('commercial_invoice', 'Rejected', '2026-03-01T00:00:00Z', 'Unsigned')
    expect(documentItemStatus({ required: true }, [rejected])).toEqual({
      status: 'Rejected',
      reason: 'Unsigned',
    })
    const again = file('commercial_invoice', 'Uploaded', '2026-03-02T00:00:00Z')
    expect(documentItemStatus({ required: true }, [again, rejected])).toEqual({
      status: 'Uploaded',
      reason: null,
    })
    expect(documentItemStatus({ required: true }, [rejected, again]).status).toBe('Uploaded')
  })
})

describe('documentItems and overdue', () => {
  const before = new Date('2026-03-07T15:59:00Z') // 23:59 on 7 March in Singapore: the due day itself
  const after = new Date('2026-03-07T16:00:00Z') // 00:00 on 8 March in Singapore

  it('marks a required item overdue only after its due date in Singapore, and never once uploaded', () => {
    const input = {
      mode: 'FCL' as const,
      hazardous: false,
      etd,
      bookingStatus: 'Confirmed' as const,
      hbl: null,
      files: [file('packing_list', 'Uploaded', '2026-03-01T00:00:00Z')],
    }
    expect(documentItems(input, before).filter((i) => i.overdue)).toEqual([])
    const late = documentItems(input, after)
    expect(late.filter((i) => i.overdue).map((i) => i.kind)).toEqual(['commercial_invoice'])
    expect(outstandingCount(late)).toBe(1)
  })

  it('counts a rejected file as outstanding again, with its reason, and overdue when late', () => {
    const items = documentItems(
      {
        mode: 'FCL',
        hazardous: false,
        etd,
        bookingStatus: 'Confirmed',
        hbl: null,
        files: [file('commercial_invoice', 'Rejected', '2026-03-01T00:00:00Z', 'Wrong consignee')],
      },
      after,
    )
    expect(items[0]).toMatchObject({ status: 'Rejected', reason: 'Wrong consignee', overdue: true })
    expect(outstandingCount(items)).toBe(2)
  })

  it('never makes an optional item overdue', () => {
    expect(
      isOverdue({ required: false, status: 'Optional', dueDate: '2000-01-01' }, singaporeDateOf(after)),
    ).toBe(false)
  })

  it('lists the HBL as Issued once the booking has one (a house air waybill for air)', () => {
    const base = { hazardous: false, etd, bookingStatus: 'Confirmed' as const, files: [] }
    expect(documentItems({ ...base, mode: 'FCL', hbl: null }, after).map((i) => i.kind)).not.toContain('hbl')
    const sea = documentItems({ ...base, mode: 'FCL', hbl: 'ESHBL2026000001' }, after).at(-1)
    expect(sea).toMatchObject({
      kind: 'hbl',
      name: 'House bill of lading',
      status: 'Issued',
      required: false,
    })
    const air = documentItems({ ...base, mode: 'AIR', hbl: 'ESHBL2026000002' }, after).at(-1)
    expect(air).toMatchObject({ kind: 'hbl', name: 'House air waybill', status: 'Issued' })
  })
})

describe('once the shipment has departed or the booking is cancelled', () => {
  const files = [
    file('packing_list', 'Accepted', '2026-03-01T00:00:00Z'),
    file('commercial_invoice', 'Rejected', '2026-03-01T00:00:00Z', 'Wrong consignee'),
  ]
  const input = { mode: 'FCL' as const, hazardous: false, etd, hbl: null, files }
  const after = new Date('2026-03-07T16:00:00Z') // the ordinary documents' due day has passed

  it('shows an item never received as Not received, neither outstanding nor overdue', () => {
    for (const [bookingStatus, heldFrom] of [
      ['Departed', null],
      ['Delivered', null],
      ['Cancelled', null],
      ['On Hold', 'Arrived'],
    ] as const) {
      const items = documentItems({ ...input, bookingStatus, heldFrom }, after)
      expect(
        items.map((i) => [i.kind, i.status, i.overdue]),
        bookingStatus,
      ).toEqual([
        ['commercial_invoice', 'Not received', false],
        ['packing_list', 'Accepted', false],
        ['certificate_of_origin', 'Optional', false],
      ])
      expect(outstandingCount(items)).toBe(0)
    }
  })

  it('takes documents until the departure, and says why it takes no more', () => {
    expect(documentsClosed('Cargo Received')).toBeNull()
    expect(documentsClosed('On Hold', 'Confirmed')).toBeNull()
    expect(documentsClosed('Departed')).toBe(documentMessages.departed)
    expect(documentsClosed('On Hold', 'Departed')).toBe(documentMessages.departed)
    expect(documentsClosed('Cancelled')).toBe(documentMessages.bookingClosed)
    const open = documentItems({ ...input, bookingStatus: 'Cargo Received' }, after)
    expect(open[0]).toMatchObject({ status: 'Rejected', overdue: true })
  })
})

describe('displayFileName', () => {
  it('keeps the name as shown, without any path or control characters', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd')
    expect(displayFileName('C:\\Users\\a\\Invoice 42.pdf')).toBe('Invoice 42.pdf')
    expect(displayFileName('in\u0000voice\n.pdf')).toBe('invoice.pdf')
    expect(displayFileName('..')).toBe('document')
    expect(displayFileName('發票.pdf')).toBe('發票.pdf')
  })
})

describe('reviewSchema', () => {
  it('needs a reason to reject', () => {
    expect(reviewSchema.safeParse({ status: 'Accepted' }).success).toBe(true)
    const missing = reviewSchema.safeParse({ status: 'Rejected', reason: '  ' })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: 'Give the reason the document is rejected.',
    })
  })
})

describe('documents operations ask for', () => {
  const now = new Date('2026-03-10T04:00:00.000Z')
  const today = singaporeDateOf(now)
  const day = 86_400_000
  const isoAround = fc
    .integer({ min: -20 * day, max: 5 * day })
    .map((offset) => new Date(now.getTime() + offset).toISOString())
  const dateAround = fc
    .integer({ min: -10, max: 10 })
    .map((offset) => singaporeDateOf(new Date(now.getTime() + offset * day)))
  const status = fc.constantFrom(...bookingStatuses)
  const heldFrom = fc.constantFrom<BookingStatus>(
    'Booking Received',
    'Confirmed',
    'Cargo Received',
    'Departed',
  )
  const files = fc.uniqueArray(
    fc.record({
      kind: fc.constantFrom(...uploadableKinds),
      status: fc.constantFrom<DocumentFile['status']>('Uploaded', 'Accepted', 'Rejected'),
      uploadedAt: isoAround,
    }),
    { selector: (f) => f.uploadedAt, maxLength: 8 },
  )
  const requests = fc.uniqueArray(
    fc.record({
      kind: fc.constantFrom(...uploadableKinds),
      dueDate: dateAround,
      note: fc.option(fc.constant('Signed, please.'), { nil: null }),
      requestedAt: isoAround,
    }),
    { selector: (r) => r.kind, maxLength: 5 },
  )
  const input = fc.record({
    status,
    heldFrom,
    hazardous: fc.boolean(),
    etd: fc.option(isoAround, { nil: null }),
    files,
    requests,
  })
  type Input = typeof input extends fc.Arbitrary<infer T> ? T : never
  const itemsOf = (i: Input) =>
    documentItems(
      {
        mode: 'FCL',
        hazardous: i.hazardous,
        etd: i.etd,
        bookingStatus: i.status,
        heldFrom: i.status === 'On Hold' ? i.heldFrom : null,
        hbl: null,
        files: i.files.map((f) =>
          file(f.kind, f.status, f.uploadedAt, f.status === 'Rejected' ? 'Unsigned' : null),
        ),
        requests: i.requests,
      },
      now,
    )
  const departed = (i: { status: BookingStatus; heldFrom: BookingStatus }) =>
    documentsClosed(i.status, i.status === 'On Hold' ? i.heldFrom : null) === documentMessages.departed

  it("shows a departed booking's unrequested items never received as Not received, never overdue", () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(departed(i))
        for (const item of itemsOf(i)) {
          if (i.requests.some((r) => r.kind === item.kind)) continue
          expect(item.requested).toBeUndefined()
          expect(item.overdue).toBe(false)
          expect(isOutstanding(item)).toBe(false)
          if (item.required && item.files.length === 0) expect(item.status).toBe('Not received')
        }
      }),
    )
  })

  it('keeps an item asked for outstanding until a later file, overdue exactly when its date is past', () => {
    fc.assert(
      fc.property(input, (i) => {
        fc.pre(i.status !== 'Cancelled')
        const items = itemsOf(i)
        for (const request of i.requests) {
          const item = items.find((it) => it.kind === request.kind)
          if (!item) continue // a hazardous-only kind of other cargo
          const later = i.files
            .filter((f) => f.kind === request.kind && f.uploadedAt >= request.requestedAt)
            .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0]
          const open = !later || later.status === 'Rejected'
          expect(item.required).toBe(true)
          expect(item.dueDate).toBe(request.dueDate)
          expect(isOutstanding(item)).toBe(open)
          expect(item.requested !== undefined).toBe(open)
          if (open) {
            expect(item.requested?.note).toBe(request.note)
            expect(item.overdue).toBe(request.dueDate < today)
            expect(uploadRefusal(i.status, i.status === 'On Hold' ? i.heldFrom : null, item)).toBeNull()
          } else {
            expect(item.status).toBe(later?.status)
          }
        }
      }),
    )
  })

  it('asks nothing of a cancelled booking', () => {
    fc.assert(
      fc.property(input, (i) => {
        const items = itemsOf({ ...i, status: 'Cancelled' })
        expect(outstandingCount(items)).toBe(0)
        for (const item of items) {
          expect(item.requested).toBeUndefined()
          expect(item.overdue).toBe(false)
          expect(uploadRefusal('Cancelled', null, item)).toBe(documentMessages.bookingClosed)
        }
      }),
    )
  })

  it('refuses a bad or past due date with a clear message', () => {
    const schema = documentRequestSchema(today)
    expect(schema.safeParse({ dueDate: today }).success).toBe(true)
    for (const dueDate of ['tomorrow', '2026-02-30', '2026-3-12']) {
      expect(schema.safeParse({ dueDate }).error?.issues[0]?.message).toBe(requestMessages.badDate)
    }
    expect(schema.safeParse({ dueDate: '2026-03-09' }).error?.issues[0]?.message).toBe(
      requestMessages.pastDate,
    )
    expect(schema.safeParse({ dueDate: today, note: 'x'.repeat(501) }).success).toBe(false)
  })
})
