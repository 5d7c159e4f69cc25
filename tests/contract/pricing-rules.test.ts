import { describe, expect, it } from 'vitest'
import { pricingReasons } from '../../contract/pricing/charges'
import {
  isIsoDate,
  quoteMessages,
  quoteRequestSchema,
  quoteWithServicesSchema,
  serviceSelectionSchema,
  serviceSelectionSchemaFor,
} from '../../contract/pricing/rules'
import { fieldErrors, firstErrors } from '../../contract/rules'

const fcl = {
  mode: 'FCL',
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: '2026-11-10',
  commodity: 'Machine parts',
  containers: [{ type: '40HC', count: 2 }],
}

const lcl = {
  mode: 'LCL',
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: '2026-11-10',
  commodity: 'Textiles',
  cargo: {
    kind: 'packages',
    packages: [{ count: 3, lengthCm: 120, widthCm: 100, heightCm: 90, weightKg: 250 }],
  },
}

const services = { exportCustoms: true, importCustoms: false, insurance: false, pickup: 'A', delivery: null }

/** Every message of every field, flattened. */
const messagesOf = (schema: Parameters<typeof fieldErrors>[0], value: unknown) =>
  Object.values(fieldErrors(schema, value)).flat()

describe('quote request rules', () => {
  it('accepts FCL, LCL with packages or totals, air, and hazardous cargo with its details', () => {
    expect(quoteRequestSchema.safeParse(fcl).success).toBe(true)
    expect(quoteRequestSchema.safeParse(lcl).success).toBe(true)
    expect(
      quoteRequestSchema.safeParse({
        ...lcl,
        mode: 'AIR',
        origin: 'SIN',
        destination: 'BOM',
        cargo: { kind: 'totals', volumeCbm: 1.2, weightKg: 80.5, pieces: 10 },
        hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'II' },
        cargoValue: 1_250_000,
      }).success,
    ).toBe(true)
  })

  it('trims text', () => {
    expect(quoteRequestSchema.parse({ ...fcl, commodity: '  Machine parts ' }).commodity).toBe(
      'Machine parts',
    )
  })

  it.each([
    [{ mode: 'SEA' }, 'mode', 'Choose FCL, LCL or air.'],
    [{ origin: '' }, 'origin', 'Choose where the cargo ships from.'],
    [{ destination: ' ' }, 'destination', 'Choose where the cargo ships to.'],
    [{ destination: 'sgsin' }, 'destination', 'Origin and destination must be different.'],
    [{ readyDate: '' }, 'readyDate', 'Enter the date the cargo is ready.'],
    [{ readyDate: '2026-02-30' }, 'readyDate', 'Enter a valid date (YYYY-MM-DD).'],
    [{ readyDate: '10/11/2026' }, 'readyDate', 'Enter a valid date (YYYY-MM-DD).'],
    [{ commodity: '' }, 'commodity', 'Describe the commodity.'],
    [{ commodity: 'a'.repeat(201) }, 'commodity', 'Commodity must be at most 200 characters.'],
    [{ containers: [] }, 'containers', 'Add at least one container.'],
    [{ containers: undefined }, 'containers', 'Add at least one container.'],
    [{ containers: [{ type: '53HC', count: 1 }] }, 'containers', 'Choose a container type.'],
    [
      { containers: [{ type: '40HC', count: 0 }] },
      'containers',
      'Containers must be between 1 and 50 per type.',
    ],
    [
      { containers: [{ type: '40HC', count: 51 }] },
      'containers',
      'Containers must be between 1 and 50 per type.',
    ],
    [
      { containers: [{ type: '40HC', count: 1.5 }] },
      'containers',
      'Containers must be between 1 and 50 per type.',
    ],
    [
      {
        containers: [
          { type: '40HC', count: 30 },
          { type: '40HC', count: 30 },
        ],
      },
      'containers',
      'Add each container type once.',
    ],
    [
      { hazardous: { unNumber: '126', dgClass: '3', packingGroup: 'II' } },
      'hazardous',
      'UN number must be 4 digits.',
    ],
    [
      { hazardous: { unNumber: 'UN1263', dgClass: '3', packingGroup: 'II' } },
      'hazardous',
      'UN number must be 4 digits.',
    ],
    [
      { hazardous: { unNumber: '1263', dgClass: '', packingGroup: 'II' } },
      'hazardous',
      'Choose the hazard class.',
    ],
    [{ hazardous: { unNumber: '1263', dgClass: '3' } }, 'hazardous', 'Choose the packing group.'],
    [{ cargoValue: -1 }, 'cargoValue', 'Cargo value must be a whole number of cents, 0 or more.'],
    [{ cargoValue: 10.5 }, 'cargoValue', 'Cargo value must be a whole number of cents, 0 or more.'],
    [{ cargoValue: 1e12 }, 'cargoValue', 'Cargo value is too large.'],
  ])('FCL %j: %s says %s', (patch, field, message) => {
    expect(firstErrors(fieldErrors(quoteRequestSchema, { ...fcl, ...patch }))[field]).toBe(message)
  })

  const piece = { count: 1, lengthCm: 100, widthCm: 100, heightCm: 100, weightKg: 10 }
  it.each([
    [{ cargo: undefined }, 'Add the packages or the cargo totals.'],
    [{ cargo: { kind: 'packages', packages: [] } }, 'Add at least one package.'],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, count: 0 }] } },
      'Pieces must be between 1 and 999.',
    ],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, count: 1000 }] } },
      'Pieces must be between 1 and 999.',
    ],
    [
      {
        cargo: {
          kind: 'packages',
          packages: [
            { ...piece, count: 500 },
            { ...piece, count: 500 },
          ],
        },
      },
      'A quote can have at most 999 pieces.',
    ],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, lengthCm: 0 }] } },
      'Dimensions must be between 1 and 1,500 cm.',
    ],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, heightCm: 1501 }] } },
      'Dimensions must be between 1 and 1,500 cm.',
    ],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, weightKg: 0 }] } },
      'Weight per piece must be more than 0 and at most 30,000 kg.',
    ],
    [
      { cargo: { kind: 'packages', packages: [{ ...piece, weightKg: 30_001 }] } },
      'Weight per piece must be more than 0 and at most 30,000 kg.',
    ],
    [
      { cargo: { kind: 'totals', volumeCbm: 0, weightKg: 10, pieces: 1 } },
      'Total volume must be more than 0 and at most 1,000 CBM.',
    ],
    [
      { cargo: { kind: 'totals', volumeCbm: 1, weightKg: -1, pieces: 1 } },
      'Total weight must be more than 0 and at most 1,000,000 kg.',
    ],
    [
      { cargo: { kind: 'totals', volumeCbm: 1, weightKg: 10, pieces: 0 } },
      'Pieces must be between 1 and 999.',
    ],
    [{ cargo: { kind: 'pallets' } }, 'Add the packages or the cargo totals.'],
  ])('LCL %j says %s', (patch, message) => {
    expect(firstErrors(fieldErrors(quoteRequestSchema, { ...lcl, ...patch })).cargo).toBe(message)
  })

  it('shows the mode rules while other fields are still invalid', () => {
    const errors = fieldErrors(quoteRequestSchema, {
      ...fcl,
      commodity: '',
      containers: [],
      destination: 'SGSIN',
    })
    expect(errors.commodity).toEqual(['Describe the commodity.'])
    expect(errors.containers).toEqual(['Add at least one container.'])
    expect(errors.destination).toEqual(['Origin and destination must be different.'])
  })

  it('knows real dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-13-01')).toBe(false)
  })
})

describe('service rules', () => {
  it('accepts a selection and says what is wrong', () => {
    expect(serviceSelectionSchema.safeParse(services).success).toBe(true)
    expect(firstErrors(fieldErrors(serviceSelectionSchema, { ...services, pickup: 'D' })).pickup).toBe(
      'Choose a zone, or none.',
    )
    expect(
      firstErrors(fieldErrors(serviceSelectionSchema, { ...services, insurance: 'yes' })).insurance,
    ).toBe('Choose yes or no.')
  })

  it('needs the cargo value for insurance', () => {
    const insured = { ...services, insurance: true }
    expect(messagesOf(serviceSelectionSchemaFor({}), insured)).toEqual([
      'Enter the cargo value to add insurance.',
    ])
    expect(messagesOf(serviceSelectionSchemaFor({ cargoValue: 0 }), insured)).toEqual([
      'Enter the cargo value to add insurance.',
    ])
    expect(serviceSelectionSchemaFor({ cargoValue: 100 }).safeParse(insured).success).toBe(true)
    const together = quoteWithServicesSchema.safeParse({ request: fcl, services: insured })
    expect(together.success).toBe(false)
    expect(together.error?.issues[0]).toMatchObject({
      message: 'Enter the cargo value to add insurance.',
      path: ['services', 'insurance'],
    })
    expect(
      quoteWithServicesSchema.safeParse({ request: { ...fcl, cargoValue: 100 }, services: insured }).success,
    ).toBe(true)
  })

  it('says the same as the pricing module', () => {
    expect(quoteMessages.insuranceNeedsValue).toBe(pricingReasons.insuranceNeedsValue)
    expect(quoteMessages.containersRequired).toBe('Add at least one container.')
  })
})
