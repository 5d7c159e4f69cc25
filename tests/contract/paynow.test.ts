/** The PayNow QR payload (SGQR / EMVCo): read back field by field, its CRC, its refusals. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  crc16ccitt,
  PAYNOW_GRACE_DAYS,
  type PaynowInput,
  paynowAmount,
  paynowExpiryDay,
  paynowPayload,
} from '../../contract/finance/paynow'

/** The payload's fields in order, read by their two-digit lengths. */
function fields(text: string): [string, string][] {
  const out: [string, string][] = []
  let at = 0
  while (at < text.length) {
    const id = text.slice(at, at + 2)
    const length = Number(text.slice(at + 2, at + 4))
    expect(id).toMatch(/^\d{2}$/)
    expect(text.slice(at + 2, at + 4)).toMatch(/^\d{2}$/)
    const value = text.slice(at + 4, at + 4 + length)
    expect(value).toHaveLength(length)
    out.push([id, value])
    at += 4 + length
  }
  return out
}

const input: PaynowInput = {
  uen: '201912345K',
  merchantName: 'eShip Demo Pte Ltd',
  city: 'Singapore',
  amount: 123456,
  expiryDay: '2027-01-14',
  billNumber: 'INV-2026-000001',
}

/** Every field checked: the structure FREIGHT.md gives, with the input's values. */
function expectPayload(payload: string, i: PaynowInput, amountText: string) {
  const top = fields(payload)
  expect(top.map(([id]) => id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63'])
  const value = Object.fromEntries(top)
  expect(value['00']).toBe('01')
  expect(value['01']).toBe('12')
  expect(fields(value['26'] ?? '')).toEqual([
    ['00', 'SG.PAYNOW'],
    ['01', '2'],
    ['02', i.uen],
    ['03', '0'],
    ['04', i.expiryDay.replaceAll('-', '')],
  ])
  expect(value['52']).toBe('0000')
  expect(value['53']).toBe('702')
  expect(value['54']).toBe(amountText)
  expect(value['58']).toBe('SG')
  expect(value['59']).toBe(i.merchantName)
  expect(value['60']).toBe(i.city)
  expect(fields(value['62'] ?? '')).toEqual([['01', i.billNumber]])
  // The CRC covers everything up to and including "6304".
  expect(payload.slice(-8, -4)).toBe('6304')
  expect(value['63']).toMatch(/^[0-9A-F]{4}$/)
  expect(Number.parseInt(value['63'] ?? '', 16)).toBe(crc16ccitt(payload.slice(0, -4)))
}

describe('crc16ccitt', () => {
  it('gives the published check value of CRC-16/CCITT-FALSE', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1)
  })

  it('is 0xFFFF for nothing and changes with any one character', () => {
    expect(crc16ccitt('')).toBe(0xffff)
    expect(crc16ccitt('123456788')).not.toBe(0x29b1)
  })
})

describe('paynowPayload', () => {
  it('writes every field per SGQR, amount from cents with two decimals', () => {
    const payload = paynowPayload(input)
    expectPayload(payload, input, '1234.56')
    expect(payload.startsWith('000201010212')).toBe(true)
    // The whole payload, its CRC cross-checked with Python's binascii.crc_hqx(payload, 0xFFFF).
    expect(payload).toBe(
      '00020101021226490009SG.PAYNOW010120210201912345K030100408202701145204000053037025407' +
        '1234.565802SG5918eShip Demo Pte Ltd6009Singapore62190115INV-2026-000001630414F4',
    )
  })

  it('writes amounts below a dollar and round dollars exactly', () => {
    expect(paynowAmount(1)).toBe('0.01')
    expect(paynowAmount(50)).toBe('0.50')
    expect(paynowAmount(100)).toBe('1.00')
    expect(paynowAmount(1_000_000_000_07)).toBe('1000000000.07')
  })

  it('writes any amount exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (cents) => {
        const text = paynowAmount(cents)
        expect(text).toMatch(/^\d+\.\d{2}$/)
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents))
        expectPayload(paynowPayload({ ...input, amount: cents }), input, text)
      }),
    )
  })

  it('reads back any fitting name, city and bill number (property)', () => {
    const ascii = (max: number) =>
      fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        minLength: 1,
        maxLength: max,
      })
    fc.assert(
      fc.property(ascii(25), ascii(15), ascii(25), (merchantName, city, billNumber) => {
        const i = { ...input, merchantName, city, billNumber }
        expectPayload(paynowPayload(i), i, '1234.56')
      }),
    )
  })

  it('accepts the three UEN forms', () => {
    for (const uen of ['53123456A', '201912345K', 'T09LL0001B']) {
      expectPayload(paynowPayload({ ...input, uen }), { ...input, uen }, '1234.56')
    }
  })

  it('refuses what does not fit', () => {
    expect(() => paynowPayload({ ...input, amount: 0 })).toThrow(/above zero/)
    expect(() => paynowPayload({ ...input, amount: -100 })).toThrow(/above zero/)
    expect(() => paynowPayload({ ...input, amount: 12.5 })).toThrow(/whole number/)
    expect(() => paynowPayload({ ...input, amount: 10_000_000_000_00 })).toThrow(/13 characters/)
    expect(() => paynowPayload({ ...input, merchantName: 'A'.repeat(26) })).toThrow(/merchant name .*25/)
    expect(() => paynowPayload({ ...input, city: 'C'.repeat(16) })).toThrow(/city .*15/)
    expect(() => paynowPayload({ ...input, billNumber: 'B'.repeat(26) })).toThrow(/bill number .*25/)
    expect(() => paynowPayload({ ...input, merchantName: '' })).toThrow(/empty/)
    expect(() => paynowPayload({ ...input, merchantName: 'Café' })).toThrow(/ASCII/)
    expect(() => paynowPayload({ ...input, uen: '12345' })).toThrow(/not a UEN/)
    expect(() => paynowPayload({ ...input, uen: '201912345k' })).toThrow(/not a UEN/)
    expect(() => paynowPayload({ ...input, expiryDay: '2027-02-30' })).toThrow(/ISO day/)
    expect(() => paynowPayload({ ...input, expiryDay: '20270114' })).toThrow(/ISO day/)
  })
})

describe('PAYNOW_GRACE_DAYS', () => {
  it('puts the expiry that many days after the due date', () => {
    expect(PAYNOW_GRACE_DAYS).toBe(14)
    expect(paynowExpiryDay('2026-12-28')).toBe('2027-01-11')
  })
})
