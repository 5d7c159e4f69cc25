import { describe, expect, it } from 'vitest'
import { type DocumentFile, type DocumentKind, documentMessages } from '../../contract/bookings'
import { singaporeDateOf } from '../../contract/dates'
import {
  displayFileName,
  documentChecklist,
  documentItemStatus,
  documentItems,
  documentsClosed,
  isOverdue,
  outstandingCount,
  reviewSchema,
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
