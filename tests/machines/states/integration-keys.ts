import { expect } from 'vitest'
import {
  type CreatedKey,
  createKeySchema,
  type IntegrationKey,
  keyMessages,
} from '../../../contract/integration-keys'
import { messages } from '../../../contract/messages'
import { integrationKeysMachine } from '../../../machines/integration-keys.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const told = ({ event }: StateView) => (event.error as { status?: number; message?: string }).message

/** A listed key still in use: the only kind that may be revoked. */
const liveKey = ({ context }: StateView, id: number | null) =>
  (context.keys as IntegrationKey[]).find((key) => key.id === id && key.revokedAt === null)

/**
 * What every state of the page shows (docs/security.md "Integration keys"): keys in use listed first, no
 * secret in the list, and the panel of the key just made holding its secret until put away.
 */
const listAndSecret = (view: StateView) => {
  const { context, event, before } = view
  const keys = context.keys as IntegrationKey[]
  expect(keys.map((key) => key.revokedAt !== null)).toEqual(keys.map((key) => key.revokedAt !== null).sort())
  if (context.created) expect(JSON.stringify(keys)).not.toContain(context.created.secret)
  const panel = before.context.created
  if (event.type === 'secret.copied') expect(context.created).toEqual(panel && { ...panel, copied: 'yes' })
  if (event.type === 'secret.copyFailed')
    expect(context.created).toEqual(panel && { ...panel, copied: 'failed' })
  if (event.type === 'secret.dismissed') expect(context.created).toBeNull()
}

/** docs/security.md "Integration keys": /staff/keys, admins only, one request at a time. */
export const integrationKeysStates = stateChecks(integrationKeysMachine, {
  // The keys are asked for; none listed yet.
  loading: ({ context, requests }) => {
    expect(Object.keys(requests)).toEqual(['listIntegrationKeys'])
    expect([context.keys, context.created, context.message]).toEqual([[], null, null])
  },
  // They could not be loaded: the server's message (not an admin) or the generic one, and Try again.
  failed: (view) => {
    expect(Object.keys(view.requests)).toEqual([])
    expect(view.event.type).toBe('xstate.error.actor.listIntegrationKeys')
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The list and the form, nothing on its way and no confirmation open; each answer said where it belongs.
  'ready.idle': (view) => {
    const { context, event, before, answered } = view
    expect(Object.keys(view.requests)).toEqual([])
    expect(context.keyId).toBeNull()
    listAndSecret(view)
    if (event.type === 'xstate.done.actor.listIntegrationKeys') {
      expect(context.keys).toEqual(expect.arrayContaining(event.output as IntegrationKey[]))
      expect(context.keys).toHaveLength((event.output as IntegrationKey[]).length)
    }
    if (event.type === 'xstate.done.actor.createIntegrationKey') {
      // The secret is shown this once, with the words that say so; the form is empty again.
      const { key, secret } = event.output as CreatedKey
      expect(context.created).toEqual({ id: key.id, name: key.name, secret, copied: 'no' })
      expect(context.notice).toBe('Key created. Copy it now: you will not see it again.')
      expect([context.keys.filter((one: IntegrationKey) => one.id === key.id), context.values]).toEqual([
        [key],
        { name: '', scopes: [] },
      ])
    }
    if (event.type === 'xstate.error.actor.createIntegrationKey') {
      expect(context.values).toEqual(answered?.input)
      if ((event.error as { status: number }).status === 409)
        expect(context.errors.name).toEqual([keyMessages.nameTaken])
      expect(context.keys).toEqual(before.context.keys)
    }
    if (event.type === 'xstate.done.actor.revokeIntegrationKey') {
      const key = event.output as IntegrationKey
      expect(context.keys.find((one: IntegrationKey) => one.id === key.id)).toEqual(key)
      expect(context.notice).toBe(keyMessages.revoked)
      if (before.context.created?.id === key.id) expect(context.created).toBeNull()
    }
    if (event.type === 'xstate.error.actor.revokeIntegrationKey') {
      const id = (answered as { input: { id: number } }).input.id
      expect([context.keyMessage, context.keys]).toEqual([
        { id, text: told(view) || messages.generic },
        before.context.keys,
      ])
    }
  },
  // A key named and scoped as the form holds, and only a complete one.
  'ready.creating': (view) => {
    expect(Object.keys(view.requests)).toEqual(['createIntegrationKey'])
    expect(createKeySchema.safeParse(view.requests.createIntegrationKey).success).toBe(true)
    if (view.event.type === 'user.submit')
      expect(view.requests.createIntegrationKey).toEqual(view.context.values)
    listAndSecret(view)
  },
  // "Revoke?" asked about a key in use; nothing sent yet.
  'ready.confirming': (view) => {
    expect(Object.keys(view.requests)).toEqual([])
    expect(liveKey(view, view.context.keyId)).toBeDefined()
    if (view.event.type === 'key.revoke') expect(view.context.keyId).toBe(view.event.id)
    listAndSecret(view)
  },
  // Confirmed: that key in use is revoked.
  'ready.revoking': (view) => {
    const sent = view.requests.revokeIntegrationKey as { id: number }
    expect(view.requests).toEqual({ revokeIntegrationKey: { id: view.context.keyId } })
    expect(liveKey(view, sent.id)).toBeDefined()
    if (view.event.type === 'user.confirm') expect(view.before.matches({ ready: 'confirming' })).toBe(true)
    listAndSecret(view)
  },
})
