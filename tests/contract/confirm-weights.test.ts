import { describe, expect, it } from 'vitest'
import { partyKey, partyLabel } from '../../contract/parties'
import { noServices } from '../../contract/pricing/types'
import {
  confirmBodySchema,
  confirmMessages,
  confirmSchema,
  containersOf,
  containerWeightMaxMessage,
  containerWeightsSchema,
  grossWeightsText,
} from '../../contract/quotes'
import { confirmErrors, emptyConfirm, toConfirmInput } from '../../machines/quote-offer'

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('gross weight per container (VGM)', () => {
  it('lists an FCL request container by container, and none for LCL or air', () => {
    expect(
      containersOf({
        mode: 'FCL',
        containers: [
          { type: '40HC', count: 2 },
          { type: '20GP', count: 1 },
        ],
      }),
    ).toEqual(['40HC', '40HC', '20GP'])
    expect(containersOf({ mode: 'AIR' })).toEqual([])
    expect(containersOf({ mode: 'LCL', containers: [{ type: '40HC', count: 1 }] })).toEqual([])
  })

  it("bounds each weight by its container type, with section 5's manner of messages", () => {
    const schema = containerWeightsSchema(['20GP', '40HC', '40HC', '20RF'])
    expect(schema.safeParse([28_200, 29_000, 1, 27_500]).success).toBe(true)
    expect(messagesOf(schema.safeParse([28_201, 29_001, 0, 18_000.5]))).toEqual({
      '0': 'Maximum 28,200 kg is allowed for a 20GP.',
      '1': 'Maximum 29,000 kg is allowed for a 40HC.',
      '2': confirmMessages.containerWeightInvalid,
      '3': confirmMessages.containerWeightInvalid,
    })
    expect(messagesOf(schema.safeParse([undefined, null, '18400', 1]))).toEqual({
      '0': confirmMessages.containerWeightRequired,
      '1': confirmMessages.containerWeightRequired,
      '2': confirmMessages.containerWeightInvalid,
    })
    expect(messagesOf(schema.safeParse([18_000]))).toEqual({ '': confirmMessages.containerWeightCount })
    expect(containerWeightMaxMessage('45HC')).toBe('Maximum 29,000 kg is allowed for a 45HC.')
  })

  it('is required by the confirmation form of an FCL quote only', () => {
    const body = toConfirmInput(
      {
        ...emptyConfirm,
        shipperName: 'Lion City Exports',
        shipperAddress: '10 Anson Road, #20-01, Singapore',
        consigneeName: 'Mumbai Imports',
        consigneeAddress: 'Plot 4, JNPT Road, Navi Mumbai',
        cargoDescription: 'Teak furniture',
        acceptTerms: true,
      },
      1,
      noServices,
      100,
    )
    expect(confirmSchema(noServices).safeParse(body).success).toBe(true)
    expect(messagesOf(confirmSchema(noServices, ['40HC']).safeParse(body))).toEqual({
      containerWeightsKg: confirmMessages.containerWeightCount,
    })
    // The API's body takes any container's weights; the server bounds them by the quote's types.
    expect(
      confirmBodySchema.safeParse({ ...body, services: noServices, containerWeightsKg: [18_400] }).success,
    ).toBe(true)
  })

  it('reads what the form typed ("18,400" is 18400) and names each message by its container', () => {
    const values = { ...emptyConfirm, containerWeights: ['18,400', '', '40000'] }
    expect(toConfirmInput(values, 1, noServices, 0).containerWeightsKg).toEqual([18_400, undefined, 40_000])
    const errors = confirmErrors(values, noServices, ['40HC', '40HC', '20GP'])
    expect(errors['containerWeightsKg.0']).toBeUndefined()
    expect(errors['containerWeightsKg.1']).toEqual([confirmMessages.containerWeightRequired])
    expect(errors['containerWeightsKg.2']).toEqual(['Maximum 28,200 kg is allowed for a 20GP.'])
  })

  it('shows the confirmed weights on the booking as "18,400 kg and 17,950 kg gross"', () => {
    expect(grossWeightsText([18_400, 17_950])).toBe('18,400 kg and 17,950 kg gross')
    expect(grossWeightsText([18_400])).toBe('18,400 kg gross')
    expect(grossWeightsText([1_000, 2_000, 3_000])).toBe('1,000 kg, 2,000 kg and 3,000 kg gross')
  })
})

describe('address book keys', () => {
  it('takes two spellings of one party as the same entry, and lists it by name and first address line', () => {
    expect(
      partyKey({ name: 'Lion City Exports Pte. Ltd.', address: '10 Anson Road,\n#20-01  Singapore' }),
    ).toBe(partyKey({ name: 'lion city exports pte ltd', address: '10 ANSON ROAD #20-01 SINGAPORE' }))
    expect(partyKey({ name: 'Lion City Exports', address: '10 Anson Road' })).not.toBe(
      partyKey({ name: 'Lion City Exports', address: '11 Anson Road' }),
    )
    expect(partyLabel({ name: 'Mumbai Imports', address: 'Plot 4, JNPT Road, Navi Mumbai' })).toBe(
      'Mumbai Imports — Plot 4',
    )
  })
})
