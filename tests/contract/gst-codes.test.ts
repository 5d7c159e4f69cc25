/**
 * The GST code of every charge (contract/finance/charges.ts; shared/FREIGHT.md "Money", docs/invoices.md "GST
 * codes"): every quoted line is zero-rated, a charge added after booking is coded by its kind, and each
 * decision carries the reason that names its code.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AddedChargeCode,
  addedChargeCodes,
  addedChargeGst,
  addedChargeKinds,
  disbursementCodes,
  type GstDecision,
  gstReasons,
  isDisbursementCode,
  quotedLineGst,
} from '../../contract/finance/charges'
import type { PricedLine } from '../../contract/pricing/types'

const sides: PricedLine['side'][] = ['origin', 'freight', 'destination', 'services']
const kinds: PricedLine['kind'][] = ['charge', 'service', 'discount']

const quotedLine = fc.record({
  kind: fc.constantFrom(...kinds),
  code: fc.oneof(fc.constantFrom('INS', 'OFR', 'THC', 'DOC', 'CUS', 'PUP', 'DLV', 'DSC'), fc.string()),
  side: fc.constantFrom(...sides),
})

/** The code a reason names: each reason ends by saying what it makes the charge. */
const codeOfReason = (reason: string) =>
  reason.includes('standard-rated')
    ? 'SR'
    : reason.includes('zero-rated')
      ? 'ZR'
      : reason.includes('out of scope')
        ? 'OS'
        : null

const agrees = (decision: GstDecision) => {
  expect(Object.values(gstReasons)).toContain(decision.reason)
  expect(codeOfReason(decision.reason)).toBe(decision.code)
}

describe('quoted lines', () => {
  it('are all zero-rated, with a reason that says so, whatever the line', () => {
    fc.assert(
      fc.property(quotedLine, (line) => {
        const decision = quotedLineGst(line as Pick<PricedLine, 'kind' | 'code' | 'side'>)
        expect(decision.code).toBe('ZR')
        agrees(decision)
      }),
    )
  })

  it('name the rule that applies: freight, insurance, a discount, or local work of our move', () => {
    expect(quotedLineGst({ kind: 'charge', code: 'OFR', side: 'freight' }).reason).toBe(gstReasons.freight)
    expect(quotedLineGst({ kind: 'service', code: 'INS', side: 'services' }).reason).toBe(
      gstReasons.insurance,
    )
    expect(quotedLineGst({ kind: 'discount', code: 'DSC', side: 'freight' }).reason).toBe(gstReasons.discount)
    expect(quotedLineGst({ kind: 'charge', code: 'THC', side: 'origin' }).reason).toBe(
      gstReasons.localWithMove,
    )
  })
})

describe('charges added after booking', () => {
  const expected = (code: AddedChargeCode, inFreeTradeZone: boolean) => {
    const { rule } = addedChargeKinds[code]
    if (rule === 'disbursement') return 'OS'
    if (rule === 'local') return 'SR'
    if (rule === 'storage') return inFreeTradeZone ? 'ZR' : 'SR'
    return 'ZR'
  }

  it('are coded by their kind, storage by where it is, with the reason that names the code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...addedChargeCodes), fc.boolean(), (code, ftz) => {
        const decision = addedChargeGst(code, ftz)
        expect(decision.code).toBe(expected(code, ftz))
        agrees(decision)
      }),
    )
  })

  it('follow FREIGHT.md’s table', () => {
    for (const code of ['DEM', 'DET', 'WTT', 'RWG', 'AMD'] as const)
      expect(addedChargeGst(code).code).toBe('ZR')
    expect(addedChargeGst('STO', true)).toEqual({ code: 'ZR', reason: gstReasons.storageFtz })
    expect(addedChargeGst('STO')).toEqual({ code: 'SR', reason: gstReasons.storageLocal })
    expect(addedChargeGst('LOC')).toEqual({ code: 'SR', reason: gstReasons.local })
    expect(addedChargeGst('DTY')).toEqual({ code: 'OS', reason: gstReasons.disbursement })
    expect(addedChargeGst('IGS')).toEqual({ code: 'OS', reason: gstReasons.disbursement })
  })

  it('are disbursements (at cost, out of scope, receipt required) exactly for duty and import GST', () => {
    expect([...disbursementCodes].sort()).toEqual(['DTY', 'IGS'])
    for (const code of addedChargeCodes) {
      expect(isDisbursementCode(code)).toBe(addedChargeGst(code, true).code === 'OS')
    }
    expect(isDisbursementCode('OFR')).toBe(false)
  })
})
