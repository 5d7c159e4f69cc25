/**
 * The quote charts with their effects: the API calls, navigation and the `quoteData` handed between pages. The
 * views create their actors from these and only send events and render state.
 */
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import type { PartyRole, SavedParty } from '../../../contract/parties'
import { singaporeDate } from '../../../contract/quotes'
import { addressBookMachine } from '../../../machines/address-book.machine'
import { valuesFromRequest } from '../../../machines/quote-form'
import { quoteFormMachine } from '../../../machines/quote-form.machine'
import { quoteListMachine } from '../../../machines/quote-list.machine'
import { quoteOfferMachine } from '../../../machines/quote-offer.machine'
import type { ApiClient } from '../../api/client'
import { createParty, deleteParty, listParties, updateParty } from '../../api/parties'
import {
  confirmQuote,
  createQuote,
  getQuote,
  listQuotes,
  priceQuoteServices,
  requestManualQuote,
  requoteQuote,
  searchPlaces,
} from '../../api/quotes'
import { writeQuoteData } from './quote-data'

export interface QuoteEffects {
  api: ApiClient
  navigate: ReturnType<typeof useNavigate>
  storage: Storage
}

/** The request form of /user/home. */
export function quoteFormLogic({ api, navigate, storage }: QuoteEffects) {
  return quoteFormMachine.provide({
    actors: {
      searchPlaces: fromPromise(({ input }) => searchPlaces(api, input.q, input.mode)),
      createQuote: fromPromise(({ input }) => createQuote(api, input)),
      requestManualQuote: fromPromise(({ input }) => requestManualQuote(api, input.request)),
    },
    actions: {
      rememberRequest: (_, { values, places }) =>
        writeQuoteData(storage, {
          values,
          places: {
            ...(places.origin ? { origin: places.origin } : {}),
            ...(places.destination ? { destination: places.destination } : {}),
          },
        }),
      goToOption: (_, { number, optionId }) => {
        navigate({ to: '/user/getquote', search: { quote: number, option: optionId } })
      },
    },
  })
}

/** The offer of /user/getquote and /user/confirm-quote. */
export function quoteOfferLogic({ api, navigate }: QuoteEffects) {
  return quoteOfferMachine.provide({
    actors: {
      getQuote: fromPromise(({ input }) => getQuote(api, input.number)),
      priceQuoteServices: fromPromise(({ input }) =>
        priceQuoteServices(api, input.number, { optionId: input.optionId, services: input.services }),
      ),
      confirmQuote: fromPromise(({ input }) => confirmQuote(api, input.number, input.body)),
      requoteQuote: fromPromise(({ input }) => requoteQuote(api, input.number)),
    },
    actions: {
      goToConfirm: (_, { number, optionId }) => {
        navigate({ to: '/user/confirm-quote', search: { quote: number, option: optionId } })
      },
      goToQuote: (_, { number }) => {
        navigate({ to: '/user/getquote', search: { quote: number } })
      },
      goToBookingConfirmed: (_, { number }) => {
        navigate({ to: '/user/bookings/$number/confirmed', params: { number } })
      },
    },
  })
}

/** My Quotes (/user/quotation). */
export function quoteListLogic({ api, navigate, storage }: QuoteEffects) {
  return quoteListMachine.provide({
    actors: {
      listQuotes: fromPromise(({ input }) => listQuotes(api, input)),
      requoteQuote: fromPromise(({ input }) => requoteQuote(api, input.number)),
      getQuote: fromPromise(({ input }) => getQuote(api, input.number)),
    },
    actions: {
      goToQuote: (_, { number }) => {
        navigate({ to: '/user/getquote', search: { quote: number } })
      },
      duplicateIntoForm: (_, quote) => {
        writeQuoteData(storage, {
          values: valuesFromRequest(quote.request, singaporeDate(new Date())),
          places: { origin: quote.origin, destination: quote.destination },
        })
        navigate({ to: '/user/home' })
      },
    },
  })
}

/** The address book of /user/confirm-quote: `fill` hands a picked party to the confirm form's chart. */
export function addressBookLogic({
  api,
  fill,
}: {
  api: ApiClient
  fill: (role: PartyRole, party: SavedParty) => void
}) {
  return addressBookMachine.provide({
    actors: {
      listParties: fromPromise(() => listParties(api)),
      saveParty: fromPromise(({ input }) =>
        input.id === null ? createParty(api, input.party) : updateParty(api, input.id, input.party),
      ),
      deleteParty: fromPromise(({ input }) => deleteParty(api, input.id)),
    },
    actions: {
      fill: (_, { role, party }) => fill(role, party),
    },
  })
}
