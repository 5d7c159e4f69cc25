import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { quoteMessages } from '../../contract/pricing/rules'
import { confirmMessages, type QuoteOption } from '../../contract/quotes'
import type { Place } from '../../contract/wire'
import {
  centsOf,
  emptyQuoteForm,
  quoteFormErrors,
  resolvePlace,
  sortedOptions,
  toQuoteRequest,
  valuesFromRequest,
} from '../../machines/quote-form'
import { quoteFormMachine } from '../../machines/quote-form.machine'
import { controllablePromises } from './model'
import { formChecks } from './model-suite'
import {
  baseQuote,
  fclRequest,
  flush,
  innsa,
  quoteSuite,
  requestedQuote,
  sgsin,
  today,
} from './quote-fixtures'
import { quoteFormStates } from './states/quote-form'

const nhavaSheva: Place = { ...innsa, name: 'Jawaharlal Nehru (Nhava Sheva)', city: 'Mumbai' }
const mumbai: Place = { ...innsa, code: 'INBOM', name: 'Mumbai', city: 'Mumbai' }

quoteSuite(
  'quote form',
  quoteFormMachine,
  quoteFormStates,
  ['searchPlaces', 'createQuote', 'requestManualQuote'],
  [
    { type: 'place.typed', end: 'origin', text: 'Sing' },
    { type: 'place.typed', end: 'origin', text: 'S' },
    { type: 'xstate.done.actor.searchPlaces', output: [sgsin] },
    { type: 'xstate.done.actor.searchPlaces', output: [] },
    { type: 'xstate.error.actor.searchPlaces', error: { status: 0 } },
    { type: 'place.chosen', end: 'origin', place: sgsin },
    { type: 'place.chosen', end: 'destination', place: innsa },
    { type: 'field.changed', field: 'commodity', value: 'Furniture' },
    { type: 'field.changed', field: 'mode', value: 'AIR' },
    { type: 'field.changed', field: 'hazardous', value: true },
    { type: 'field.blurred', field: 'commodity' },
    { type: 'sort.changed', by: 'transit' },
    { type: 'option.chosen', optionId: 2 },
    { type: 'xstate.done.actor.createQuote', output: { quote: baseQuote } },
    { type: 'xstate.done.actor.createQuote', output: { quote: null } },
    {
      type: 'xstate.error.actor.createQuote',
      error: {
        status: 422,
        message: confirmMessages.readyDatePast,
        errors: { readyDate: [confirmMessages.readyDatePast] },
      },
    },
    { type: 'xstate.error.actor.createQuote', error: { status: 500 } },
    { type: 'xstate.done.actor.requestManualQuote', output: { quote: requestedQuote } },
    { type: 'xstate.error.actor.requestManualQuote', error: { status: 500, message: 'Down' } },
  ],
  [{ today }],
  // The home strip's texts, looked up at the start (both, the origin only, the destination only): their
  // paths end once the lookups settled (the rest of the form is the same as without them).
  [
    { today, originText: 'Singapore', destinationText: 'Nhava Sheva' },
    { today, originText: 'Singapore' },
    { today, destinationText: 'INNSA' },
  ].map((input) => ({
    input,
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.matches({ lookup: 'idle' }),
    filterEvents: (_: AnyMachineSnapshot, event: EventObject) =>
      event.type.startsWith('xstate.') || event.type.startsWith('place.'),
  })),
  formChecks(['createQuote', 'requestManualQuote']),
)

describe('quote form rules', () => {
  it('refuses hazardous cargo without a UN number, with its message under the field', () => {
    const values = { ...emptyQuoteForm(today), origin: 'SGSIN', destination: 'INNSA', commodity: 'Paint' }
    expect(quoteFormErrors(values)).toEqual({})
    const errors = quoteFormErrors({ ...values, hazardous: true, dgClass: '3', packingGroup: 'II' })
    expect(errors.unNumber).toEqual([quoteMessages.unNumber])
  })

  it('refuses a ready date before today itself, under its field, and sends nothing', () => {
    const values = { ...emptyQuoteForm(today), origin: 'SGSIN', destination: 'INNSA', commodity: 'Paint' }
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    expect(quoteFormErrors({ ...values, readyDate: yesterday }, today)).toEqual({
      readyDate: [confirmMessages.readyDatePast],
    })
    expect(quoteFormErrors({ ...values, readyDate: today }, today)).toEqual({})
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), {
      input: { today, prefill: { commodity: 'Paint' } },
    }).start()
    actor.send({ type: 'field.changed', field: 'readyDate', value: yesterday })
    actor.send({ type: 'user.submit' })
    expect(pending.has('createQuote')).toBe(false)
    expect(actor.getSnapshot().context.errors.readyDate).toEqual([confirmMessages.readyDatePast])
    expect(actor.getSnapshot().context.shown.readyDate).toBe(true)
  })

  it('shows field messages only after submit or blur, and sends nothing while invalid', () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), { input: { today } }).start()
    expect(actor.getSnapshot().context.shown).toEqual({})
    actor.send({ type: 'field.blurred', field: 'commodity' })
    expect(actor.getSnapshot().context.shown).toEqual({ commodity: true })
    actor.send({ type: 'user.submit' })
    expect(pending.size).toBe(0)
    expect(actor.getSnapshot().context.shown.origin).toBe(true)
    expect(actor.getSnapshot().context.errors.origin).toEqual([quoteMessages.originRequired])
  })

  it('parses cents and round-trips a request through the form', () => {
    expect(centsOf('25,000.5')).toBe(2_500_050)
    expect(centsOf('1.234')).toBeNaN()
    expect(toQuoteRequest(valuesFromRequest(fclRequest, today))).toEqual(fclRequest)
  })

  it('sorts options by price, by transit time and by emissions (an unknown figure last)', () => {
    expect(sortedOptions(baseQuote, 'price').map((o) => o.id)).toEqual([1, 2])
    expect(sortedOptions(baseQuote, 'transit').map((o) => o.id)).toEqual([2, 1])
    // The same carriage: ties by price. A longer voyage (a call on the way) comes after a shorter one.
    expect(sortedOptions(baseQuote, 'emissions').map((o) => o.id)).toEqual([1, 2])
    const [cheap, fast] = baseQuote.options as [QuoteOption, QuoteOption]
    const via = {
      ...cheap,
      carriage: [
        ...(cheap.carriage ?? []),
        { mode: 'SEA' as const, from: 'INNSA', to: 'PKKHI', distanceKm: 900 },
      ],
    }
    expect(sortedOptions({ ...baseQuote, options: [via, fast] }, 'emissions').map((o) => o.id)).toEqual([
      2, 1,
    ])
    expect(
      sortedOptions({ ...baseQuote, options: [{ ...fast, carriage: null }, via] }, 'emissions').map(
        (o) => o.id,
      ),
    ).toEqual([1, 2])
  })

  it('clears the chosen places when switching between sea and air', () => {
    const actor = createActor(quoteFormMachine, {
      input: {
        today,
        places: { origin: sgsin, destination: innsa },
        prefill: { origin: 'SGSIN', destination: 'INNSA' },
      },
    }).start()
    actor.send({ type: 'field.changed', field: 'mode', value: 'LCL' })
    expect(actor.getSnapshot().context.values.origin).toBe('SGSIN')
    actor.send({ type: 'field.changed', field: 'mode', value: 'AIR' })
    expect(actor.getSnapshot().context.values.origin).toBe('')
    expect(actor.getSnapshot().context.places.origin).toBeNull()
  })
})

describe("the home strip's places", () => {
  it('resolves a text naming one place by code, name, bracketed alias or city, and nothing ambiguous', () => {
    expect(resolvePlace('sgsin', [sgsin, nhavaSheva])).toBe(sgsin)
    expect(resolvePlace(' Singapore ', [sgsin, nhavaSheva])).toBe(sgsin)
    expect(resolvePlace('Nhava Sheva', [mumbai, nhavaSheva])).toBe(nhavaSheva)
    // Both are in Mumbai; by name only one is.
    expect(resolvePlace('Mumbai', [nhavaSheva, mumbai])).toBe(mumbai)
    expect(resolvePlace('mumbai', [nhavaSheva, { ...mumbai, name: 'Mumbai Port' }])).toBeNull()
    expect(resolvePlace('Jebel Ali, UAE', [sgsin, mumbai])).toBeNull()
    expect(resolvePlace('Nhava', [nhavaSheva])).toBe(nhavaSheva)
    expect(resolvePlace('', [sgsin])).toBeNull()
    expect(resolvePlace('Singapore', [])).toBeNull()
  })

  it("looks the strip's texts up at the start: a match becomes the chosen place, else its results are offered", async () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), {
      input: { today, originText: 'Singapore', destinationText: 'Mumbai', prefill: { hazardous: true } },
    }).start()
    expect(actor.getSnapshot().context.values.hazardous).toBe(true)
    expect(pending.get('searchPlaces')?.input).toEqual({ q: 'Singapore', mode: 'FCL' })
    pending.get('searchPlaces')?.resolve([sgsin])
    await flush()
    expect(actor.getSnapshot().context.values.origin).toBe('SGSIN')
    expect(actor.getSnapshot().context.text.origin).toBe('Singapore, Singapore (SGSIN)')
    expect(pending.get('searchPlaces')?.input).toEqual({ q: 'Mumbai', mode: 'FCL' })
    pending.get('searchPlaces')?.resolve([nhavaSheva, { ...mumbai, name: 'Mumbai Port' }])
    await flush()
    const { context } = actor.getSnapshot()
    expect(context.values.destination).toBe('')
    expect(context.text.destination).toBe('Mumbai')
    expect(context.lookupEnd).toBe('destination')
    expect(context.suggestions.map((p) => p.code)).toEqual(['INNSA', 'INBOM'])
    expect(actor.getSnapshot().matches({ lookup: 'idle' })).toBe(true)
  })

  it('does not overwrite a place the user chose while the start was looked up', async () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), {
      input: { today, originText: 'Singapore' },
    }).start()
    const lookup = pending.get('searchPlaces')
    actor.send({ type: 'place.chosen', end: 'origin', place: nhavaSheva })
    lookup?.resolve([sgsin])
    await flush()
    expect(actor.getSnapshot().context.values.origin).toBe('INNSA')
  })
})
