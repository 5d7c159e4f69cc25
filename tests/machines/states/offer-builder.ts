import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { type DeskRequestDetail, type Offer, offerSchema } from '../../../contract/quote-desk'
import { isPreviewCurrent, offerBuilderMachine, previewFirst } from '../../../machines/offer-builder.machine'
import { type OfferValues, toOffer } from '../../../machines/offer-values'
import { type StateView, stateChecks } from '../model'

const failedWith = ({ event }: StateView) =>
  event.error as { message?: string; errors?: Record<string, string[]> }
const errorText = (view: StateView) => failedWith(view).message ?? messages.generic

// docs/staff.md, the lifecycle: taken while Requested or In progress; an offer (or a revision) once taken.
const mayTake = (request: DeskRequestDetail, staffId: number | null) =>
  ['Requested', 'In progress'].includes(request.state) && request.assignee?.id !== staffId
const takesOffer = (request: DeskRequestDetail) =>
  ['In progress', 'Offer sent', 'Declined', 'Expired'].includes(request.state)

/** The offer on its way: valid, for this request, its amounts typed in major units sent in cents. */
function offerSent(view: StateView, id: 'previewOffer' | 'sendOffer') {
  const sent = view.requests[id] as { number: string; offer: Offer }
  expect(sent.number).toBe(view.context.number)
  expect(offerSchema.safeParse(sent.offer).success).toBe(true)
  expect(takesOffer(view.context.request)).toBe(true)
  return sent.offer
}
const cents = (values: OfferValues) =>
  values.lines.map((line) => Math.round(Number(line.amount.trim().replace(/,/g, '')) * 100))
/** The form's offer now, as the API takes it; null while a value is wrong. */
const formOffer = (values: OfferValues) => {
  const parsed = offerSchema.safeParse(toOffer(values))
  return parsed.success ? parsed.data : null
}

/** docs/staff.md "The sales desk (console)", a request's page: "Assign to me", the offer form, preview then send. */
export const offerBuilderStates = stateChecks(offerBuilderMachine, {
  // The request is asked for by its number; nothing shown yet.
  loading: (view) => {
    expect(view.requests).toEqual({ loadRequest: { number: view.context.number } })
    expect([view.context.request, view.context.message]).toEqual([null, null])
  },
  // No request: the server's message (or the generic one) and Retry.
  failed: (view) => {
    expect(view.event.type).toBe('xstate.error.actor.loadRequest')
    expect([view.requests, view.context.message]).toEqual([{}, errorText(view)])
  },
  // The request shown, nothing on its way. A button that sent nothing was one the lifecycle or the form does not
  // allow (an offer not previewed as it is says so); a preview shown counts for sending only if it is of the
  // values in the form; a refusal keeps what was typed, the server's messages under their fields.
  'ready.idle': (view) => {
    const { context, event, before, answered } = view
    const noErrors = Object.keys(context.errors).length === 0
    expect(view.requests).toEqual({})
    expect(context.request).not.toBeNull()
    if (event.type === 'user.preview') expect(takesOffer(context.request) && noErrors).toBe(false)
    if (event.type === 'user.send') {
      expect(takesOffer(context.request) && noErrors && isPreviewCurrent(context)).toBe(false)
      if (noErrors && !isPreviewCurrent(context)) expect(context.message).toBe(previewFirst)
    }
    if (event.type === 'user.assign')
      expect(mayTake(context.request, (event.staffId as number | undefined) ?? context.selfId)).toBe(false)
    if (event.type === 'xstate.done.actor.loadRequest') expect(context.request).toBe(event.output)
    if (event.type === 'xstate.done.actor.assignRequest') {
      expect(context.request.assignee).toEqual((event.output as DeskRequestDetail).assignee)
      expect(context.notice).toBe('Assigned.')
    }
    if (event.type === 'xstate.done.actor.previewOffer') {
      const sent = (answered?.input as { offer: Offer } | undefined)?.offer
      expect(context.preview).toEqual(event.output)
      expect(isPreviewCurrent(context)).toBe(
        JSON.stringify(formOffer(context.values)) === JSON.stringify(sent),
      )
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      expect([context.message, context.values]).toEqual([errorText(view), before.context.values])
      for (const [path, list] of Object.entries(failedWith(view).errors ?? {}))
        expect([context.errors[path], context.shown[path]]).toEqual([list, true])
    }
  },
  // "Preview": the form's offer (valid) priced on the server, for a request that takes an offer.
  'ready.previewing': (view) => {
    const offer = offerSent(view, 'previewOffer')
    if (view.event.type === 'user.preview') {
      expect(offer).toEqual(formOffer(view.context.values))
      expect(offer.lines.map((line) => line.amount)).toEqual(cents(view.context.values))
    }
    expect(view.context.message).toBeNull()
  },
  // "Send offer": only the offer previewed, exactly as the form holds it; nothing typed changes it on its way.
  'ready.sending': (view) => {
    const { context, before, event } = view
    const offer = offerSent(view, 'sendOffer')
    expect(isPreviewCurrent(context)).toBe(true)
    expect(offer).toEqual(formOffer(context.values))
    expect(offer.lines.map((line) => line.amount)).toEqual(cents(context.values))
    if (event.type !== 'user.send') expect(context.values).toEqual(before.context.values)
  },
  // "Assign to me" (or to a colleague): for a request the lifecycle lets that person take.
  'ready.assigning': (view) => {
    const { context } = view
    const to = context.assignTo === null ? {} : { staffId: context.assignTo }
    expect(view.requests).toEqual({ assignRequest: { number: context.number, ...to } })
    expect(mayTake(context.request, context.assignTo ?? context.selfId)).toBe(true)
  },
  // After a send: "Offer sent to the customer." and the request read again; sending again needs a new preview.
  'ready.reloading': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({ loadRequest: { number: context.number } })
    if (event.type === 'xstate.done.actor.sendOffer')
      expect(context.notice).toBe('Offer sent to the customer.')
    expect([context.preview, isPreviewCurrent(context)]).toEqual([null, false])
  },
})
