import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate'
import { type IntegrationKey, keyMessages } from '../../contract/integration-keys'
import { messages } from '../../contract/messages'
import { integrationKeysMachine } from '../../machines/integration-keys.machine'
import { controllablePromises } from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { integrationKeysStates } from './states/integration-keys'

const feed: IntegrationKey = {
  id: 1,
  name: 'Maersk tracking feed',
  prefix: 'esk_AbCdEfGh',
  scopes: ['events:write'],
  createdAt: '2026-03-01T01:00:00.000Z',
  createdBy: { id: 1, name: 'Aisha Rahman' },
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
}
const old: IntegrationKey = {
  ...feed,
  id: 2,
  name: 'Old scanner',
  prefix: 'esk_ZyXwVuTs',
  revokedAt: '2026-03-02T01:00:00.000Z',
  revokedBy: { id: 1, name: 'Aisha Rahman' },
}
const made: IntegrationKey = { ...feed, id: 3, name: 'Ops laptop', prefix: 'esk_QwErTyUi' }
const secret = `esk_QwErTyUi${'x'.repeat(35)}`
const feedRevoked: IntegrationKey = {
  ...feed,
  revokedAt: '2026-03-03T01:00:00.000Z',
  revokedBy: feed.createdBy,
}

const names = ['listIntegrationKeys', 'createIntegrationKey', 'revokeIntegrationKey'] as const

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
    c.keys.map((k: IntegrationKey) => [k.id, k.revokedAt !== null]),
    Object.keys(c.errors),
    Object.keys(c.shown).length,
    c.created ? [c.created.id, c.created.copied] : null,
    c.keyId,
    c.keyMessage?.id ?? null,
    Boolean(c.notice),
    Boolean(c.message),
  ])
}

modelSuite('integration keys', integrationKeysMachine, {
  promises: names,
  events: [
    { type: 'xstate.done.actor.listIntegrationKeys', output: [old, feed] },
    {
      type: 'xstate.error.actor.listIntegrationKeys',
      error: { status: 403, message: 'This needs the Admin role.' },
    },
    { type: 'user.retry' },
    { type: 'field.changed', field: 'name', value: 'Ops laptop' },
    { type: 'field.changed', field: 'scopes', value: ['events:write'] },
    { type: 'field.blurred', field: 'name' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.createIntegrationKey', output: { key: made, secret } },
    {
      type: 'xstate.error.actor.createIntegrationKey',
      error: { status: 409, message: keyMessages.nameTaken },
    },
    {
      type: 'xstate.error.actor.createIntegrationKey',
      error: { status: 422, message: 'Invalid.', errors: { scopes: [keyMessages.scopesRequired] } },
    },
    { type: 'xstate.error.actor.createIntegrationKey', error: { status: 500 } },
    { type: 'secret.copied' },
    { type: 'secret.copyFailed' },
    { type: 'secret.dismissed' },
    { type: 'key.revoke', id: 1 },
    { type: 'key.revoke', id: 2 },
    { type: 'user.cancel' },
    { type: 'user.confirm' },
    { type: 'xstate.done.actor.revokeIntegrationKey', output: feedRevoked },
    { type: 'xstate.error.actor.revokeIntegrationKey', error: { status: 0 } },
  ],
  inputs: [undefined],
  serializeState: serializer,
  states: integrationKeysStates,
  // The form and the rows are explored apart (their states multiply): a revocation from an untouched form,
  // typing while no key has been revoked nor a revocation failed.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context
    if (event.type === 'key.revoke') return Object.keys(c.shown).length === 0 && c.values.name === ''
    if (event.type.startsWith('field.') || event.type === 'user.submit')
      return c.keyMessage === null && c.keys.every((k: IntegrationKey) => k.id !== feed.id || k === feed)
    return true
  },
  check: allChecks(formChecks(['createIntegrationKey']), (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const event = step.event as EventObject & Record<string, unknown>
    // One request at a time.
    expect(names.filter((id) => after.children[id] !== undefined).length).toBeLessThanOrEqual(1)
    // The list never holds a secret; only the panel of the key just made does.
    expect(JSON.stringify(after.context.keys)).not.toContain(secret)
    // Keys in use are listed first.
    const revokedAt = after.context.keys.findIndex((k: IntegrationKey) => k.revokedAt !== null)
    if (revokedAt >= 0) {
      expect(after.context.keys.slice(revokedAt).every((k: IntegrationKey) => k.revokedAt !== null)).toBe(
        true,
      )
    }
    switch (event.type) {
      case 'xstate.done.actor.createIntegrationKey':
        // Listed once, the form empty again, the secret held to be shown, the page says copy it now.
        expect(answered?.input).toEqual({ name: 'Ops laptop', scopes: ['events:write'] })
        expect(after.context.keys.filter((k: IntegrationKey) => k.id === made.id)).toEqual([made])
        expect(after.context.values).toEqual({ name: '', scopes: [] })
        expect(after.context.created).toEqual({ id: made.id, name: made.name, secret, copied: 'no' })
        expect(after.context.notice).toBe(keyMessages.created)
        break
      case 'xstate.error.actor.createIntegrationKey': {
        const status = (event.error as { status: number }).status
        if (status === 409) expect(after.context.errors.name).toEqual([keyMessages.nameTaken])
        if (status === 422) expect(after.context.errors).toEqual({ scopes: [keyMessages.scopesRequired] })
        if (status === 500) expect(after.context.message).toBe(messages.generic)
        expect(after.context.keys).toEqual(before.context.keys)
        break
      }
      case 'secret.dismissed':
        // Once put away, the secret is gone from the page for good.
        expect(after.context.created).toBeNull()
        break
      case 'secret.copied':
        if (before.context.created) expect(after.context.created?.copied).toBe('yes')
        break
      case 'key.revoke':
        // Nothing is sent before the confirmation; a key revoked already is not asked about again.
        expect(after.children.revokeIntegrationKey).toBeUndefined()
        if (event.id === old.id) expect(after.matches({ ready: 'confirming' })).toBe(false)
        break
      case 'user.cancel':
        expect(after.children.revokeIntegrationKey).toBeUndefined()
        break
      case 'xstate.done.actor.revokeIntegrationKey':
        expect(answered?.input).toEqual({ id: feed.id })
        expect(after.context.keys.find((k: IntegrationKey) => k.id === feed.id)?.revokedAt).toBe(
          feedRevoked.revokedAt,
        )
        expect(after.context.notice).toBe(keyMessages.revoked)
        break
      case 'xstate.error.actor.revokeIntegrationKey':
        // Said in the key's row; the key stays in use.
        expect(after.context.keyMessage).toEqual({ id: feed.id, text: messages.generic })
        expect(after.context.keys.find((k: IntegrationKey) => k.id === feed.id)?.revokedAt).toBeNull()
        break
    }
    if (after.matches('failed')) expect(after.context.message).toBeTruthy()
  }),
})

describe('integration keys', () => {
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve()
  }
  async function ready() {
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(integrationKeysMachine.provide({ actors })).start()
    pending.get('listIntegrationKeys')?.resolve([old, feed])
    pending.delete('listIntegrationKeys')
    await settle()
    return { actor, pending }
  }

  it('says what is missing and sends nothing, then sends the typed key and shows its secret until put away', async () => {
    const { actor, pending } = await ready()
    expect(actor.getSnapshot().context.keys.map((k) => k.id)).toEqual([feed.id, old.id])
    actor.send({ type: 'user.submit' })
    expect(pending.has('createIntegrationKey')).toBe(false)
    expect(actor.getSnapshot().context.errors).toEqual({
      name: [keyMessages.nameRequired],
      scopes: [keyMessages.scopesRequired],
    })
    actor.send({ type: 'field.changed', field: 'name', value: '  Ops laptop ' })
    actor.send({ type: 'field.changed', field: 'scopes', value: ['documents:review', 'events:write'] })
    actor.send({ type: 'user.submit' })
    actor.send({ type: 'user.submit' })
    expect([...pending.keys()]).toEqual(['createIntegrationKey'])
    expect(pending.get('createIntegrationKey')?.input).toEqual({
      name: '  Ops laptop ',
      scopes: ['documents:review', 'events:write'],
    })
    pending.get('createIntegrationKey')?.resolve({ key: made, secret })
    await settle()
    expect(actor.getSnapshot().context.created?.secret).toBe(secret)
    actor.send({ type: 'secret.copyFailed' })
    expect(actor.getSnapshot().context.created?.copied).toBe('failed')
    actor.send({ type: 'secret.dismissed' })
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(secret)
  })

  it('forgets the secret of a key revoked while it is shown', async () => {
    const { actor, pending } = await ready()
    actor.send({ type: 'field.changed', field: 'name', value: 'Ops laptop' })
    actor.send({ type: 'field.changed', field: 'scopes', value: ['events:write'] })
    actor.send({ type: 'user.submit' })
    pending.get('createIntegrationKey')?.resolve({ key: made, secret })
    pending.delete('createIntegrationKey')
    await settle()
    actor.send({ type: 'key.revoke', id: made.id })
    actor.send({ type: 'user.confirm' })
    expect(pending.get('revokeIntegrationKey')?.input).toEqual({ id: made.id })
    pending.get('revokeIntegrationKey')?.resolve({ ...made, revokedAt: '2026-03-04T00:00:00.000Z' })
    await settle()
    expect(actor.getSnapshot().context.created).toBeNull()
    expect(actor.getSnapshot().context.keys.map((k) => k.id)).toEqual([feed.id, made.id, old.id])
  })
})
