import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Checkbox, CheckboxGroup, Form, Label, Text } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { keyScopeDuties } from '../../../contract/integration-keys'
import { type KeyScope, keyScopes } from '../../../contract/permissions'
import { integrationKeysMachine, type NewKeyValues } from '../../../machines/integration-keys.machine'
import { createIntegrationKey, listIntegrationKeys, revokeIntegrationKey } from '../../api/integration-keys'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './keys.css'

/** /staff/keys (admins): the integration keys, making one (its secret shown once), revoking one. */
export function KeysPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    integrationKeysMachine.provide({
      actors: {
        listIntegrationKeys: fromPromise(() => listIntegrationKeys(api)),
        createIntegrationKey: fromPromise(({ input }) => createIntegrationKey(api, input)),
        revokeIntegrationKey: fromPromise(({ input }) => revokeIntegrationKey(api, input.id)),
      },
    }),
  )
  const state = useSelector(actor, (s) => s)
  const { keys, values, errors, shown, created, keyId, keyMessage, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })
  const creating = state.matches({ ready: 'creating' })
  const confirming = state.matches({ ready: 'confirming' })
  const revoking = state.matches({ ready: 'revoking' })
  const asked = keys.find((key) => key.id === keyId)
  const now = new Date()

  // A new secret takes the focus, so a keyboard or screen reader user lands on it.
  const secretRef = useRef<HTMLElement>(null)
  const shownSecret = created?.secret
  useEffect(() => {
    if (shownSecret) secretRef.current?.focus()
  }, [shownSecret])

  // After the confirmation closes, the focus goes to the key's row (its button may be gone).
  const lastAsked = useRef<number | null>(null)
  const dialogOpen = confirming || revoking
  useEffect(() => {
    if (dialogOpen) {
      lastAsked.current = keyId
      return
    }
    if (lastAsked.current === null) return
    document.getElementById(`key-${lastAsked.current}`)?.focus()
    lastAsked.current = null
  }, [dialogOpen, keyId])

  const copy = (secret: string) => {
    const clipboard = navigator.clipboard
    if (!clipboard) {
      actor.send({ type: 'secret.copyFailed' })
      return
    }
    clipboard.writeText(secret).then(
      () => actor.send({ type: 'secret.copied' }),
      () => actor.send({ type: 'secret.copyFailed' }),
    )
  }

  const errorOf = (field: keyof NewKeyValues) => (shown[field] ? errors[field]?.[0] : undefined)
  const when = (iso: string | null, none: string) =>
    iso ? <time dateTime={iso}>{formatAccountTime(iso, now)}</time> : none

  return (
    <div className={styles.page}>
      <h1>Integration keys</h1>
      <p className={consoleStyles.lead}>
        Keys for the systems that call the operations API (carrier feeds, the operations command line, rate
        files), each with only the scopes it needs. A key is shown once when it is made; revoking it refuses
        it at once everywhere.
      </p>
      <p role="status" className={styles.note}>
        {notice ?? ''}
      </p>

      {state.matches('loading') ? <p>Loading the keys…</p> : null}
      {state.matches('failed') ? (
        <>
          <p role="alert" className={consoleStyles.error}>
            {message}
          </p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </>
      ) : null}

      {state.matches('ready') ? (
        <>
          {created ? (
            <section className={styles.secretPanel} aria-labelledby="new-key-secret">
              <h2 id="new-key-secret">The key “{created.name}”</h2>
              <p className={styles.warning}>
                Copy it now and keep it in the integration’s secret store: you will not see it again.
              </p>
              <code ref={secretRef} tabIndex={-1} className={styles.secretValue} data-testid="key-secret">
                {created.secret}
              </code>
              <p role="status" className={styles.note}>
                {created.copied === 'yes'
                  ? 'Copied to the clipboard.'
                  : created.copied === 'failed'
                    ? 'This browser did not let the page copy it: select the key and copy it by hand.'
                    : ''}
              </p>
              <div className={styles.rowActions}>
                <Button onPress={() => copy(created.secret)}>Copy</Button>
                <Button tone="secondary" onPress={() => actor.send({ type: 'secret.dismissed' })}>
                  Done: I have stored it
                </Button>
              </div>
            </section>
          ) : null}

          {keys.length === 0 ? (
            <p>No integration keys yet.</p>
          ) : (
            <table className={styles.table}>
              <caption className={styles.caption}>
                {keys.length === 1 ? '1 key' : `${keys.length} keys`}
              </caption>
              <thead className={styles.head}>
                <tr>
                  <th className={styles.headCell} scope="col">
                    Name
                  </th>
                  <th className={styles.headCell} scope="col">
                    Starts with
                  </th>
                  <th className={styles.headCell} scope="col">
                    Scopes
                  </th>
                  <th className={styles.headCell} scope="col">
                    Created
                  </th>
                  <th className={styles.headCell} scope="col">
                    Last used
                  </th>
                  <th className={styles.headCell} scope="col">
                    Status
                  </th>
                  <th className={styles.headCell} scope="col">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className={styles.body}>
                {keys.map((key) => {
                  const said = keyMessage?.id === key.id ? keyMessage.text : null
                  const live = key.revokedAt === null
                  return (
                    <tr
                      key={key.id}
                      className={[styles.tableRow, live ? '' : styles.inactiveRow].join(' ')}
                      data-testid="key-row"
                    >
                      <th scope="row" id={`key-${key.id}`} tabIndex={-1} className={styles.titleCell}>
                        {key.name}
                      </th>
                      <td className={styles.cell} data-label="Starts with">
                        <code className={styles.prefix}>{key.prefix}…</code>
                      </td>
                      <td className={styles.cell} data-label="Scopes">
                        <ul className={styles.scopeList}>
                          {key.scopes.map((scope) => (
                            <li key={scope}>{scope}</li>
                          ))}
                        </ul>
                      </td>
                      <td className={styles.cell} data-label="Created">
                        {when(key.createdAt, '')}
                        {key.createdBy ? ` by ${key.createdBy.name}` : ''}
                      </td>
                      <td className={styles.cell} data-label="Last used">
                        {when(key.lastUsedAt, 'Never')}
                      </td>
                      <td className={styles.cell} data-label="Status">
                        {live ? (
                          'In use'
                        ) : (
                          <>
                            Revoked {when(key.revokedAt, '')}
                            {key.revokedBy ? ` by ${key.revokedBy.name}` : ''}
                          </>
                        )}
                      </td>
                      <td className={styles.actionCell}>
                        <div className={styles.rowActions}>
                          {live ? (
                            <Button
                              tone="secondary"
                              isDisabled={!idle}
                              aria-label={`Revoke ${key.name}`}
                              onPress={() => actor.send({ type: 'key.revoke', id: key.id })}
                            >
                              Revoke
                            </Button>
                          ) : null}
                          {said ? (
                            <p role="alert" className={styles.rowMessage}>
                              {said}
                            </p>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}

          <section className={styles.section} aria-labelledby="new-key">
            <h2 id="new-key">Make a key</h2>
            <p className={styles.note}>
              Name it after what uses it, such as “Maersk tracking feed”: the audit trail records its requests
              under that name.
            </p>
            {message ? (
              <p role="alert" className={consoleStyles.error}>
                {message}
              </p>
            ) : null}
            <Form
              className={styles.form}
              validationBehavior="aria"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.submit' })
              }}
            >
              <TextField
                label="Name"
                name="name"
                autoComplete="off"
                value={values.name}
                onChange={(value) => actor.send({ type: 'field.changed', field: 'name', value })}
                onBlur={() => actor.send({ type: 'field.blurred', field: 'name' })}
                error={errorOf('name')}
              />
              <CheckboxGroup
                className={[ui.field, styles.formActions].join(' ')}
                value={values.scopes}
                isInvalid={Boolean(errorOf('scopes'))}
                onChange={(scopes) => {
                  actor.send({ type: 'field.changed', field: 'scopes', value: scopes as KeyScope[] })
                  actor.send({ type: 'field.blurred', field: 'scopes' })
                }}
              >
                <Label className={ui.label}>Scopes</Label>
                <div className={styles.scopes}>
                  {keyScopes.map((scope) => (
                    <Checkbox key={scope} value={scope} className={ui.checkbox}>
                      <span className={ui.checkboxBox} aria-hidden="true" />
                      <span>{`${scope}: ${keyScopeDuties[scope]}`}</span>
                    </Checkbox>
                  ))}
                </div>
                {errorOf('scopes') ? (
                  <Text slot="errorMessage" className={ui.fieldError}>
                    {errorOf('scopes')}
                  </Text>
                ) : null}
              </CheckboxGroup>
              <div className={styles.formActions}>
                <Button type="submit" isDisabled={!idle}>
                  {creating ? 'Making the key…' : 'Make the key'}
                </Button>
              </div>
            </Form>
          </section>

          <ConfirmDialog
            isOpen={dialogOpen}
            title={`Revoke ${asked?.name ?? 'this key'}?`}
            busy={revoking}
            confirmLabel={'Revoke'}
            busyLabel={'Revoking…'}
            onCancel={() => actor.send({ type: 'user.cancel' })}
            onConfirm={() => actor.send({ type: 'user.confirm' })}
          >
            <p>
              Every request made with {asked?.name ?? 'this key'} ({asked?.prefix}…) is refused from now on,
              by every server. This cannot be undone: the integration needs a new key. Its past requests stay
              in the audit trail.
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  )
}
