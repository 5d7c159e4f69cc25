import { describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, fromPromise, waitFor } from 'xstate'
import type { ChargeItem } from '../../contract/finance/charges'
import { addChargeMachine, gstOfValues } from '../../machines/add-charge.machine'
import { bookingChargesMachine } from '../../machines/finance-charges.machine'

function start() {
  const sent: unknown[] = []
  const actor = createActor(
    addChargeMachine.provide({
      actors: {
        addCharge: fromPromise(async ({ input }) => {
          sent.push(input)
          return { message: 'Charge sent to the customer for approval.', charge: {} as ChargeItem }
        }),
      },
    }),
    { input: { bookingNumber: 'ESB-1', currency: 'SGD' } },
  ).start()
  return { actor, sent }
}

describe('adding a charge', () => {
  it('shows the GST code the rule gives: storage by its zone, disbursements out of scope', () => {
    const { actor } = start()
    actor.send({ type: 'field.changed', field: 'code', value: 'STO' })
    expect(gstOfValues(actor.getSnapshot().context.values)?.code).toBe('SR')
    actor.send({ type: 'zone.changed', value: true })
    expect(gstOfValues(actor.getSnapshot().context.values)?.code).toBe('ZR')
    actor.send({ type: 'field.changed', field: 'code', value: 'DTY' })
    expect(actor.getSnapshot().context.values.inFreeTradeZone).toBe(false)
    expect(gstOfValues(actor.getSnapshot().context.values)?.code).toBe('OS')
    // The kind names the charge until a description of its own is typed.
    expect(actor.getSnapshot().context.values.description).toBe('Import duty paid to Singapore Customs')
  })

  it('needs the receipt for a disbursement and an amount in cents, then sends it in the booking currency', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'field.changed', field: 'code', value: 'IGS' })
    actor.send({ type: 'field.changed', field: 'amount', value: '1,234.5' })
    actor.send({ type: 'field.changed', field: 'reason', value: 'Import GST paid on entry' })
    actor.send({ type: 'user.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors.file).toEqual(['Attach the receipt from Singapore Customs.'])
    expect(actor.getSnapshot().context.shown.file).toBe(true)
    const receipt = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })
    actor.send({ type: 'file.chosen', file: receipt })
    actor.send({ type: 'user.submit' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(sent).toEqual([
      {
        bookingNumber: 'ESB-1',
        file: receipt,
        body: {
          code: 'IGS',
          description: 'Import GST paid to Singapore Customs',
          quantityText: '1',
          currency: 'SGD',
          amount: 123450,
          reason: 'Import GST paid on entry',
          inFreeTradeZone: false,
        },
      },
    ])
  })

  it('refuses an amount that is not money, or zero', () => {
    const { actor } = start()
    actor.send({ type: 'field.changed', field: 'amount', value: '12.345' })
    expect(actor.getSnapshot().context.errors.amount?.[0]).toMatch(/at most two decimals/)
    actor.send({ type: 'field.changed', field: 'amount', value: '0' })
    expect(actor.getSnapshot().context.errors.amount).toEqual(['Enter an amount above zero.'])
  })
})

const charge = (over: Partial<ChargeItem>): ChargeItem => ({
  id: 1,
  bookingNumber: 'ESB-1',
  code: 'OFR',
  description: 'Ocean freight',
  quantityText: '1',
  currency: 'USD',
  amount: 100000,
  gstCode: 'ZR',
  gstReason: '',
  source: 'quote',
  status: 'approved',
  reason: null,
  decisionReason: null,
  requestedAt: '2026-11-20T02:00:00Z',
  requestedBy: null,
  decidedAt: null,
  decidedBy: null,
  attachment: null,
  invoiceNumber: null,
  ...over,
})

describe("a booking's charges", () => {
  it('withdraws only a pending change, with a reason, and opens the form in the charges currency', async () => {
    const withdrawn: unknown[] = []
    const actor = createActor(
      bookingChargesMachine.provide({
        actors: {
          loadCharges: fromPromise(async () => [
            charge({}),
            charge({ id: 2, code: 'DEM', source: 'change', status: 'pending' }),
          ]),
          withdrawCharge: fromPromise(async ({ input }) => {
            withdrawn.push(input)
            return { message: 'Charge withdrawn.', charge: charge({ id: 2 }) }
          }),
        },
      }),
      { input: { bookingNumber: 'ESB-1' } },
    ).start()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'charge.withdraw', id: 1 })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    actor.send({ type: 'charge.withdraw', id: 2 })
    actor.send({ type: 'withdraw.confirmed' })
    expect(actor.getSnapshot().context.withdraw?.error).toBe('Say why the charge is withdrawn.')
    actor.send({ type: 'reason.changed', value: 'Billed by mistake' })
    actor.send({ type: 'withdraw.confirmed' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(withdrawn).toEqual([{ id: 2, reason: 'Billed by mistake' }])
    expect(actor.getSnapshot().context.notice).toBe('Charge withdrawn.')
    actor.send({ type: 'add.open' })
    const form = actor.getSnapshot().children.addCharge as ActorRefFrom<typeof addChargeMachine> | undefined
    expect(form?.getSnapshot().context.currency).toBe('USD')
  })
})
