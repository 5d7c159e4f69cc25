/**
 * `addressBookMachine` (the address book of /user/confirm-quote): loads the company's saved parties
 * (`listParties`) → ready, or failed (retry). In ready, picking an entry for a role (shipper, consignee,
 * notify) calls the injected `fill` action with the party, which the page hands to the confirm form's chart
 * (its `party.picked`). The manage view (closed ⇄ managing) lists the entries: add or edit one (editing, its
 * fields checked with the contract's `partySchema` as typed → saving through `saveParty`: create when new,
 * update otherwise; a 422 or 409 shows the server's messages by the fields and keeps what was typed), or
 * delete one after a confirmation (deleting through `deleteParty`).
 *
 * Effects (API calls, filling the form) are injected by the app with `machine.provide`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { PartyRole, SavedParty, SavedPartyInput } from '../contract/parties'
import { partySchema } from '../contract/quotes'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'

export interface PartyDraftValues {
  name: string
  address: string
  contact: string
}

export interface PartyDraft {
  /** The entry edited, or null for a new one. */
  id: number | null
  values: PartyDraftValues
  errors: FieldErrors
  shown: Partial<Record<string, true>>
}

export interface AddressBookContext {
  parties: SavedParty[]
  /** The entry picked for each role of the form (what its picker shows). */
  picked: Partial<Record<PartyRole, number>>
  /** The entry being added or edited, while the manage view edits one. */
  draft: PartyDraft
  /** The entry whose deletion awaits its confirmation, or is being deleted. */
  deleteId: number | null
  /** A failure to load, save or delete, said once (its field messages are by the fields). */
  message: string | null
}

export type AddressBookEvent =
  | { type: 'user.retry' }
  | { type: 'party.picked'; role: PartyRole; id: number }
  | { type: 'manage.open' }
  | { type: 'manage.close' }
  | { type: 'entry.add' }
  | { type: 'entry.edit'; id: number }
  | { type: 'entry.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'draft.changed'; field: keyof PartyDraftValues; value: string }
  | { type: 'draft.blurred'; field: keyof PartyDraftValues }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'message.dismissed' }

const emptyValues: PartyDraftValues = { name: '', address: '', contact: '' }

/** The party a draft saves: its contact only when one is typed. */
export function draftInput(values: PartyDraftValues): SavedPartyInput {
  return {
    name: values.name,
    address: values.address,
    ...(values.contact.trim() ? { contact: values.contact } : {}),
  }
}

/** The draft's messages by field, by the confirmation form's own party rules. */
export function draftErrors(values: PartyDraftValues): FieldErrors {
  const result = partySchema.safeParse(draftInput(values))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name')
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

const draftOf = (id: number | null, values: PartyDraftValues): PartyDraft => ({
  id,
  values,
  errors: draftErrors(values),
  shown: {},
})

const closedDraft = draftOf(null, emptyValues)

const failedMessage = (error: unknown) =>
  failure(error).message ?? 'Something went wrong, Please try after some time.'

/** The server's field messages (422, or 409 naming the field) for the draft's fields; others stay in `message`. */
const serverErrors = (error: unknown): FieldErrors => {
  const errors = failure(error).errors ?? {}
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => ['name', 'address', 'contact'].includes(field)),
  )
}

/** Closing the manage view (not while a save or a deletion is on its way) drops the draft. */
const close = {
  target: '#addressBook.ready.closed',
  actions: ['closeDraft', 'clearDelete', 'clearMessage'],
} as const

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
  },
  actors: {
    listParties: fromPromise<SavedParty[]>(async () => {
      throw new Error('not provided')
    }),
    saveParty: fromPromise<SavedParty, { id: number | null; party: SavedPartyInput }>(async () => {
      throw new Error('not provided')
    }),
    deleteParty: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    known: ({ context, event }) =>
      'id' in event && context.parties.some((party) => party.id === (event as { id: number }).id),
    draftValid: ({ context }) => Object.keys(context.draft.errors).length === 0,
    gone: (_, error: unknown) => failure(error).status === 404,
  },
  actions: {
    /** Hands the picked party to the confirm form (provided by the page). */
    fill: (_, _params: { role: PartyRole; party: SavedParty }) => {},
    setParties: assign({ parties: (_, parties: SavedParty[]) => parties, message: null }),
    pick: assign(({ context, event }) => {
      assertEvent(event, 'party.picked')
      return { picked: { ...context.picked, [event.role]: event.id } }
    }),
    startAdd: assign({ draft: draftOf(null, emptyValues), message: null }),
    startEdit: assign(({ context, event }) => {
      assertEvent(event, 'entry.edit')
      const party = context.parties.find((p) => p.id === event.id)
      return {
        message: null,
        draft: draftOf(event.id, {
          name: party?.name ?? '',
          address: party?.address ?? '',
          contact: party?.contact ?? '',
        }),
      }
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'draft.changed')
      const values = { ...context.draft.values, [event.field]: event.value }
      return { draft: { ...context.draft, values, errors: draftErrors(values) } }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'draft.blurred')
      return { draft: { ...context.draft, shown: { ...context.draft.shown, [event.field]: true as const } } }
    }),
    showAll: assign(({ context }) => ({
      draft: {
        ...context.draft,
        shown: { name: true as const, address: true as const, contact: true as const },
      },
    })),
    closeDraft: assign({ draft: closedDraft }),
    /** The saved entry replaces its old self, or comes first when new. */
    putSaved: assign(({ context }, saved: SavedParty) => ({
      parties: [saved, ...context.parties.filter((p) => p.id !== saved.id)],
      draft: closedDraft,
      message: null,
    })),
    /** A refused save: the server's field messages by the fields (what was typed stays), the rest said once. */
    refuseSave: assign(({ context }, error: unknown) => {
      const fields = serverErrors(error)
      const hasFields = Object.keys(fields).length > 0
      return {
        draft: {
          ...context.draft,
          errors: hasFields ? fields : context.draft.errors,
          shown: { name: true as const, address: true as const, contact: true as const },
        },
        message: hasFields ? null : failedMessage(error),
      }
    }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'entry.delete')
      return { deleteId: event.id, message: null }
    }),
    removeDeleted: assign(({ context }) => ({
      parties: context.parties.filter((p) => p.id !== context.deleteId),
      picked: Object.fromEntries(
        Object.entries(context.picked).filter(([, id]) => id !== context.deleteId),
      ) as AddressBookContext['picked'],
      deleteId: null,
    })),
    clearDelete: assign({ deleteId: null }),
    setMessage: assign({ message: (_, error: unknown) => failedMessage(error) }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'addressBook',
  context: { parties: [], picked: {}, draft: closedDraft, deleteId: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listParties',
        src: 'listParties',
        onDone: { target: 'ready', actions: { type: 'setParties', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setMessage', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } },
    },
    ready: {
      initial: 'closed',
      on: {
        'party.picked': {
          guard: 'known',
          actions: [
            'pick',
            {
              type: 'fill',
              params: ({ context, event }) => ({
                role: event.role,
                party: context.parties.find((p) => p.id === event.id) as SavedParty,
              }),
            },
          ],
        },
      },
      states: {
        closed: {
          on: { 'manage.open': 'managing' },
        },
        managing: {
          initial: 'list',
          on: { 'message.dismissed': { actions: 'clearMessage' } },
          states: {
            list: {
              on: {
                'manage.close': close,
                'entry.add': { target: 'editing', actions: 'startAdd' },
                'entry.edit': { guard: 'known', target: 'editing', actions: 'startEdit' },
                'entry.delete': { guard: 'known', target: 'confirmingDelete', actions: 'askDelete' },
              },
            },
            editing: {
              on: {
                'draft.changed': { actions: 'change' },
                'draft.blurred': { actions: 'show' },
                'draft.save': [{ guard: 'draftValid', target: 'saving' }, { actions: 'showAll' }],
                'draft.cancel': { target: 'list', actions: ['closeDraft', 'clearMessage'] },
                'manage.close': close,
              },
            },
            // No draft.save here: a second click while the first save is on its way sends nothing.
            saving: {
              invoke: {
                id: 'saveParty',
                src: 'saveParty',
                input: ({ context }) => ({ id: context.draft.id, party: draftInput(context.draft.values) }),
                onDone: {
                  target: 'list',
                  actions: { type: 'putSaved', params: ({ event }) => event.output },
                },
                onError: { target: 'editing', actions: { type: 'refuseSave', params: actorError } },
              },
            },
            confirmingDelete: {
              on: {
                'delete.confirm': 'deleting',
                'delete.cancel': { target: 'list', actions: 'clearDelete' },
                'manage.close': close,
              },
            },
            deleting: {
              invoke: {
                id: 'deleteParty',
                src: 'deleteParty',
                input: ({ context }) => ({ id: context.deleteId ?? 0 }),
                onDone: { target: 'list', actions: 'removeDeleted' },
                onError: [
                  {
                    // Gone already (deleted elsewhere): gone from the list too.
                    guard: { type: 'gone', params: actorError },
                    target: 'list',
                    actions: ['removeDeleted', { type: 'setMessage', params: actorError }],
                  },
                  { target: 'list', actions: ['clearDelete', { type: 'setMessage', params: actorError }] },
                ],
              },
            },
          },
        },
      },
    },
  },
})
