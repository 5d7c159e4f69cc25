/**
 * What the tests of the quote charts share (quote-form, quote-offer and quote-list.test.ts): the day, the
 * places and the quotes the charts load, and the model suite each chart runs with its serializer.
 */

import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import { DEFAULT_EMISSION_FACTORS } from '../../contract/emissions'
import { sailingFor } from '../../contract/pricing/schedule'
import type { QuoteDetail } from '../../contract/quotes'
import type { Place } from '../../contract/wire'
import { defaultTariff, fclSgToIn, fx, noServices, sgTariff } from '../contract/pricing-fixtures'
import type { StateChecks } from './model'
import { type ModelSuiteOptions, modelSuite } from './model-suite'

export const today = '2026-11-05'
export const flush = () => new Promise((resolve) => setImmediate(resolve))

const port = (code: string, name: string, country_code: string, country_name: string): Place => ({
  code,
  kind: 'port',
  name,
  city: name,
  country_code,
  country_name,
  time_zone: null,
})
export const sgsin = port('SGSIN', 'Singapore', 'SG', 'Singapore')
export const innsa = port('INNSA', 'Nhava Sheva', 'IN', 'India')

export const fclRequest = {
  mode: 'FCL' as const,
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: today,
  commodity: 'Furniture',
  containers: [{ type: '40HC' as const, count: 1 }],
  cargoValue: 2_500_000,
}

export const baseQuote: QuoteDetail = {
  number: 'ESQ-2026000001',
  status: 'Active',
  kind: 'priced',
  mode: 'FCL',
  origin: sgsin,
  destination: innsa,
  request: fclRequest,
  services: noServices,
  chosenOptionId: null,
  options: [
    {
      id: 1,
      carrier: fclSgToIn.carrier,
      service: fclSgToIn.service,
      transitDays: 9,
      validTo: fclSgToIn.validTo,
      totalUsd: 150_000,
      lane: fclSgToIn,
      sailing: sailingFor(fclSgToIn, fclRequest.readyDate),
      carriage: [{ mode: 'SEA', from: 'SGSIN', to: 'INNSA', distanceKm: 4736 }],
    },
    {
      id: 2,
      carrier: 'Fast Lines',
      service: 'Express',
      transitDays: 6,
      validTo: fclSgToIn.validTo,
      totalUsd: 190_000,
      lane: { ...fclSgToIn, id: 2, carrier: 'Fast Lines', transitDays: 6 },
      sailing: sailingFor({ ...fclSgToIn, transitDays: 6 }, fclRequest.readyDate),
      carriage: [{ mode: 'SEA', from: 'SGSIN', to: 'INNSA', distanceKm: 4736 }],
    },
  ],
  fx,
  serviceTariffs: { origin: sgTariff, destination: defaultTariff },
  emissionFactors: DEFAULT_EMISSION_FACTORS,
  firstLclEligible: false,
  validTo: fclSgToIn.validTo,
  createdAt: '2026-11-05T01:00:00Z',
  booking: null,
  requotedFrom: null,
  notes: null,
  salesDesk: null,
  madeBy: 'Priya Tan',
  pricedBy: null,
}
export const noValueQuote: QuoteDetail = {
  ...baseQuote,
  number: 'ESQ-2026000002',
  request: { ...fclRequest, cargoValue: undefined },
}
export const requestedQuote: QuoteDetail = {
  ...baseQuote,
  number: 'ESQ-2026000003',
  kind: 'requested',
  status: 'Requested',
  options: [],
  validTo: null,
}

/**
 * Vertices by state, count of invalid fields, messages and what was loaded (the quote's number and status, so a
 * booked or expired quote is not taken for an open one of the same number): contexts hold free text.
 */
const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    Object.keys(c.errors ?? {}).length,
    c.message,
    c.serviceMessage,
    c.services ? Object.values(c.services).filter(Boolean).length : undefined,
    c.quote?.number,
    c.quote?.status,
    c.filters?.q,
  ])
}

export function quoteSuite(
  name: string,
  machine: AnyStateMachine,
  states: StateChecks,
  promises: readonly string[],
  events: ({ type: string } & Record<string, unknown>)[],
  inputs: unknown[],
  starts: NonNullable<ModelSuiteOptions['starts']> = [],
  check?: ModelSuiteOptions['check'],
) {
  modelSuite(name, machine, {
    promises,
    events,
    inputs,
    serializeState: serializer,
    starts,
    states,
    ...(check ? { check } : {}),
  })
}
