/**
 * Bank statements (contract/finance/bank-statements.ts, issue 36): camt.053 statements written from the ISO
 * 20022 schema's structure (tests/fixtures/camt053) and the CSV layout read into credit lines in exact minor
 * units; debits and pending entries skipped; a malformed file gives one message naming its line or entry and
 * no lines; the same file, or one overlapping it on whole days, gives the same identities again.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import {
  minorUnitsOf,
  parseCamt053,
  parseStatementCsv,
  type StatementParse,
} from '../../contract/finance/bank-statements'

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/camt053/${name}`, import.meta.url), 'utf8')
const lines = (parsed: StatementParse) => {
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.lines
}

describe('camt.053', () => {
  it('reads the credits of a statement, a batch entry as one line per transaction, and skips debits and pending entries', () => {
    const parsed = parseCamt053(fixture('statement-001-08.xml'))
    expect(parsed.ok && parsed.skipped).toBe(2)
    const read = lines(parsed)
    expect(read.map((l) => [l.source, l.amount, l.currency])).toEqual([
      ['entry 1', 107_000, 'SGD'],
      ['entry 3, transaction 1', 100_000, 'SGD'],
      ['entry 3, transaction 2', 200_050, 'SGD'],
      ['entry 3, transaction 3', 49_950, 'SGD'],
      ['entry 4', 81_240, 'USD'],
    ])
    const [single, strd, ustrd, twoParts, noRef] = read
    expect(single).toMatchObject({
      identity: 'ref:0123456789:BK-20260302-0001',
      account: '0123456789',
      bookingDay: '2026-03-02',
      valueDay: '2026-03-02',
      endToEndId: 'INV-2026-000001',
      counterparty: 'Lion City Traders Pte. Ltd.',
    })
    expect(strd).toMatchObject({
      identity: 'ref:0123456789:BK-20260302-0003#1',
      endToEndId: null,
      structuredReferences: ['INV-2026-000002'],
      valueDay: '2026-03-03',
    })
    expect(ustrd).toMatchObject({
      identity: 'ref:0123456789:BK-20260302-0003-B',
      endToEndId: 'E2E-77812',
      unstructured: 'Payment for inv 2026 000003 thanks',
    })
    expect(twoParts).toMatchObject({ unstructured: 'MARCH SERVICES ACME & SONS', counterparty: null })
    expect(noRef!.identity).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(noRef).toMatchObject({ bookingDay: '2026-03-02', endToEndId: 'INV2026000004' })
  })

  it('reads version 02 with a namespace prefix', () => {
    const [line] = lines(parseCamt053(fixture('statement-001-02.xml')))
    expect(line).toMatchObject({
      identity: 'ref:SG00DBSS0123456789:X-900',
      amount: 214_000,
      counterparty: 'Lion City Traders Pte. Ltd.',
      structuredReferences: ['INV-2026-000010'],
      endToEndId: 'PAYNOW 88812',
    })
  })

  it('gives the same lines and identities when the same file is read again', () => {
    const source = fixture('statement-001-08.xml')
    expect(parseCamt053(source)).toEqual(parseCamt053(source))
  })

  it('refuses a malformed file with one message naming where, and no lines', () => {
    const unclosed = parseCamt053(fixture('malformed-unclosed.xml'))
    expect(unclosed).toEqual({
      ok: false,
      message: expect.stringMatching(/^The file is not well-formed XML \(line \d+: /),
    })
    expect(parseCamt053(fixture('malformed-amount.xml'))).toEqual({
      ok: false,
      message: 'Entry 2 (A-2): the amount "12.345" has more decimals than SGD has',
    })
    expect(parseCamt053(fixture('malformed-batch.xml'))).toEqual({
      ok: false,
      message: "Entry 1 (B-1): its transactions' amounts do not add up to the entry's amount",
    })
    const pain =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'
    expect(parseCamt053(pain)).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a camt.053'),
    })
    const noDate = fixture('malformed-amount.xml').replace(
      '<Amt Ccy="SGD">12.345</Amt>',
      '<Amt Ccy="SGD">12.34</Amt>',
    )
    expect(
      parseCamt053(
        noDate.replace(
          '<BookgDt><Dt>2026-03-02</Dt></BookgDt>\n        <AcctSvcrRef>A-2',
          '<AcctSvcrRef>A-2',
        ),
      ),
    ).toEqual({
      ok: false,
      message: 'Entry 2 (A-2): it has no booking date (BookgDt/Dt)',
    })
  })
})

describe('amounts', () => {
  it('become minor units exactly, whatever the decimals written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('SGD', 'JPY', 'KWD'),
        fc.nat({ max: 2 }),
        (n, currency, extraZeros) => {
          const exponent = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2
          const abs = String(Math.abs(n)).padStart(exponent + 1, '0')
          const whole = abs.slice(0, abs.length - exponent)
          const fraction = abs.slice(abs.length - exponent) + '0'.repeat(extraZeros)
          const written = `${n < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
          expect(minorUnitsOf(written, currency)).toBe(n)
        },
      ),
    )
    expect(minorUnitsOf('1,234.5', 'SGD')).toBe(123_450)
    expect(minorUnitsOf('0.1', 'SGD')).toBe(10)
    expect(minorUnitsOf('1.005', 'SGD')).toBe('the amount "1.005" has more decimals than SGD has')
    expect(minorUnitsOf('1e3', 'SGD')).toBe('the amount "1e3" is not a number')
  })
})

describe('CSV', () => {
  const header = 'date,amount,currency,reference,counterparty'

  it('reads credits, skips debits and refuses a bad line by its number', () => {
    const csv = `${header}\n2026-03-02,"1,070.00",SGD,INV-2026-000001,"Lion City Traders Pte. Ltd."\n2026-03-02,-50.00,SGD,FEES,DBS\n\n2026-03-03,12.5,usd,,\n`
    const parsed = parseStatementCsv(csv, '0123456789')
    expect(parsed.ok && parsed.skipped).toBe(1)
    expect(
      lines(parsed).map((l) => [l.source, l.amount, l.currency, l.unstructured, l.counterparty]),
    ).toEqual([
      ['line 2', 107_000, 'SGD', 'INV-2026-000001', 'Lion City Traders Pte. Ltd.'],
      ['line 5', 1_250, 'USD', null, null],
    ])
    expect(parseStatementCsv(`${header}\n2026-03-02,10,SGD,a,b\n02/03/2026,10,SGD,a,b\n`, 'x')).toEqual({
      ok: false,
      message: 'Line 3: the date "02/03/2026" is not a day written YYYY-MM-DD',
    })
    expect(parseStatementCsv(`${header}\n2026-03-02,ten,SGD,a,b\n`, 'x')).toEqual({
      ok: false,
      message: 'Line 2: the amount "ten" is not a number',
    })
    expect(parseStatementCsv(`${header}\n2026-03-02,10,SGD,a\n`, 'x')).toMatchObject({
      message: expect.stringMatching(/^Line 2: expected 5 fields/),
    })
    expect(parseStatementCsv(`${header}\n2026-03-02,10,SGD,"a,b\n`, 'x')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Line \d+: /),
    })
    expect(parseStatementCsv('when,amount\n2026-03-02,10\n', 'x')).toMatchObject({
      ok: false,
      message: expect.stringContaining('header'),
    })
  })

  const csvLine = fc.record({
    day: fc.integer({ min: 0, max: 9 }),
    cents: fc.oneof(
      fc.constantFrom(-5_000, 1_000, 107_000),
      fc.integer({ min: -100_000, max: 5_000_000 }).filter((c) => c !== 0),
    ),
    currency: fc.constantFrom('SGD', 'USD'),
    // small alphabets, so that equal lines (two equal payments on one day) come up often
    reference: fc.constantFrom('', 'INV-2026-000001', 'PAYNOW', 'a "quoted", comma'),
    counterparty: fc.constantFrom('', 'Lion City Traders', 'Kallang Foods'),
  })
  const toCsv = (
    rows: { day: number; cents: number; currency: string; reference: string; counterparty: string }[],
  ) =>
    [
      header,
      ...rows.map((r) =>
        [
          addDays('2026-03-01', r.day),
          (r.cents / 100).toFixed(2),
          r.currency,
          `"${r.reference.replaceAll('"', '""')}"`,
          r.counterparty,
        ].join(','),
      ),
    ].join('\n')

  it('gives each line the same identity however often, and in whatever overlapping file, it is read', () => {
    fc.assert(
      fc.property(
        // every third line paid twice: equal payments on one day are two lines
        fc
          .array(csvLine, { minLength: 1, maxLength: 30 })
          .map((rs) => [...rs, ...rs.filter((_, i) => i % 3 === 0)]),
        fc.nat({ max: 9 }),
        fc.nat({ max: 9 }),
        (rows, a, b) => {
          const sorted = [...rows].sort((x, y) => x.day - y.day)
          const ids = (part: typeof rows) => {
            if (part.length === 0) return []
            return lines(parseStatementCsv(toCsv(part), 'ACC')).map((l) => l.identity)
          }
          const whole = ids(sorted)
          expect(ids(sorted)).toEqual(whole)
          expect(new Set(whole).size).toBe(whole.length)
          expect(whole.length).toBe(rows.filter((r) => r.cents > 0).length)
          // two uploads overlapping on whole days store exactly the whole's lines
          const [from, to] = [Math.min(a, b), Math.max(a, b)]
          const first = ids(sorted.filter((r) => r.day <= to))
          const second = ids(sorted.filter((r) => r.day >= from))
          expect(new Set([...first, ...second])).toEqual(new Set(whole))
        },
      ),
      { numRuns: 200 },
    )
  })
})
