/**
 * `integrationKeysMachine` (the console's Integration keys page, /staff/keys, issue 23): loads the keys
 * (`listIntegrationKeys`) → ready, or failed (retry). In ready an admin can:
 * - make a key: a name and at least one scope, checked as typed with the contract's `createKeySchema`, sent
 *   through `createIntegrationKey`; a 409 puts the taken-name message under the name, a 422 the server's
 *   messages under their fields (what was typed stays); success lists the key, clears the form and holds its
 *   secret to show this once (`created`) until the admin is done with it (`secret.dismissed`), or makes another;
 * - say the secret was copied (`secret.copied`), or that copying failed (`secret.copyFailed`: select it by hand);
 * - revoke a key in use after a confirmation (`revokeIntegrationKey`); a refusal is said in its row.
 * One request at a time: the page's actions wait in `idle`.
 *
 * Effects (API calls, the clipboard) are the page's: it provides the actors with `machine.provide` and sends
 * what the clipboard answered.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type CreatedKey,
  createKeySchema,
  type IntegrationKey,
  keyMessages,
} from '../contract/integration-keys'
import { messages } from '../contract/messages'
import type { KeyScope } from '../contract/permissions'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  serverFieldErrors,
  showAll,
  showField,
} from './form'

export interface NewKeyValues {
  name: string
  scopes: KeyScope[]
}

/** The secret of the key just made: shown once, then forgotten. */
export interface ShownSecret {
  id: number
  name: string
  secret: string
  /** Whether the page copied it to the clipboard: not yet, done, or failed (select it by hand). */
  copied: 'no' | 'yes' | 'failed'
}

export interface IntegrationKeysContext extends FormContext<NewKeyValues> {
  keys: IntegrationKey[]
  created: ShownSecret | null
  /** The key a revocation awaits its confirmation for, or is on its way for. */
  keyId: number | null
  /** A failure of a key's revocation, said in its row. */
  keyMessage: { id: number; text: string } | null
  /** What went well, for the page's status region. */
  notice: string | null
  /** A failure to load, or to make a key without field messages. */
  message: string | null
}

export type IntegrationKeysEvent =
  | { type: 'user.retry' }
  | FieldChange<NewKeyValues>
  | { type: 'field.blurred'; field: keyof NewKeyValues }
  | { type: 'user.submit' }
  | { type: 'secret.copied' }
  | { type: 'secret.copyFailed' }
  | { type: 'secret.dismissed' }
  | { type: 'key.revoke'; id: number }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }

const emptyValues: NewKeyValues = { name: '', scopes: [] }
const formFields = ['name', 'scopes'] as const

/** Keys in use first, newest first: as the server lists them. */
export function sortKeys(keys: IntegrationKey[]): IntegrationKey[] {
  return [...keys].sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.id - a.id)
}

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const integrationKeysMachine = setup({
  types: {
    context: {} as IntegrationKeysContext,
    events: {} as IntegrationKeysEvent,
  },
  actors: {
    listIntegrationKeys: fromPromise<IntegrationKey[]>(async () => {
      throw new Error('not provided')
    }),
    createIntegrationKey: fromPromise<CreatedKey, NewKeyValues>(async () => {
      throw new Error('not provided')
    }),
    revokeIntegrationKey: fromPromise<IntegrationKey, { id: number }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    /** The event names a listed key still in use. */
    isLiveKey: ({ context, event }) =>
      'id' in event && context.keys.some((key) => key.id === event.id && key.revokedAt === null),
    hasSecret: ({ context }) => context.created !== null,
    isNameTaken: (_, error: unknown) => failure(error).status === 409,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error, formFields)).length > 0,
  },
  actions: {
    setKeys: assign((_, keys: IntegrationKey[]) => ({ keys: sortKeys(keys), message: null })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(createKeySchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    clearSaid: assign({ notice: null, message: null, keyMessage: null }),
    created: assign(({ context }, made: CreatedKey) => ({
      keys: sortKeys([made.key, ...context.keys.filter((key) => key.id !== made.key.id)]),
      created: { id: made.key.id, name: made.key.name, secret: made.secret, copied: 'no' as const },
      ...initialForm(createKeySchema, emptyValues),
      notice: keyMessages.created,
    })),
    nameTaken: assign(({ context }) => ({
      errors: { ...context.errors, name: [keyMessages.nameTaken] },
      shown: showAll(context),
    })),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: serverFieldErrors(error, formFields),
      shown: showAll(context),
    })),
    createFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    copied: assign(({ context }) => ({
      created: context.created && { ...context.created, copied: 'yes' as const },
    })),
    copyFailed: assign(({ context }) => ({
      created: context.created && { ...context.created, copied: 'failed' as const },
    })),
    forgetSecret: assign({ created: null }),
    pickKey: assign(({ event }) => ({ keyId: 'id' in event ? event.id : null })),
    dropKey: assign({ keyId: null }),
    revoked: assign(({ context }, key: IntegrationKey) => ({
      keys: sortKeys(context.keys.map((one) => (one.id === key.id ? key : one))),
      // The secret of a key just revoked is of no use: it goes.
      created: context.created?.id === key.id ? null : context.created,
      notice: keyMessages.revoked,
      keyId: null,
    })),
    revokeFailed: assign(({ context }, error: unknown) => ({
      keyMessage:
        context.keyId === null ? null : { id: context.keyId, text: failureMessage(error, messages.generic) },
      keyId: null,
    })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'integrationKeys',
  context: () => ({
    ...initialForm(createKeySchema, emptyValues),
    keys: [],
    created: null,
    keyId: null,
    keyMessage: null,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listIntegrationKeys',
        src: 'listIntegrationKeys',
        onDone: { target: 'ready', actions: { type: 'setKeys', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } },
    },
    ready: {
      initial: 'idle',
      // The form can be typed in, and the secret copied or put away, while a request is on its way.
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
        'secret.copied': { guard: 'hasSecret', actions: 'copied' },
        'secret.copyFailed': { guard: 'hasSecret', actions: 'copyFailed' },
        'secret.dismissed': { guard: 'hasSecret', actions: 'forgetSecret' },
      },
      states: {
        idle: {
          on: {
            'user.submit': [
              { guard: 'isValid', target: 'creating', actions: ['showAll', 'clearSaid'] },
              { actions: 'showAll' },
            ],
            'key.revoke': { guard: 'isLiveKey', target: 'confirming', actions: ['clearSaid', 'pickKey'] },
          },
        },
        // No user.submit here: a second click while the first is on its way makes nothing.
        creating: {
          invoke: {
            id: 'createIntegrationKey',
            src: 'createIntegrationKey',
            input: ({ context }) => context.values,
            onDone: { target: 'idle', actions: { type: 'created', params: outputOf } },
            onError: [
              { guard: { type: 'isNameTaken', params: actorError }, target: 'idle', actions: 'nameTaken' },
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'idle',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'idle', actions: { type: 'createFailed', params: actorError } },
            ],
          },
        },
        confirming: {
          on: {
            'user.confirm': 'revoking',
            'user.cancel': { target: 'idle', actions: 'dropKey' },
          },
        },
        revoking: {
          invoke: {
            id: 'revokeIntegrationKey',
            src: 'revokeIntegrationKey',
            input: ({ context }) => ({ id: context.keyId ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'revoked', params: outputOf } },
            onError: { target: 'idle', actions: { type: 'revokeFailed', params: actorError } },
          },
        },
      },
    },
  },
})
