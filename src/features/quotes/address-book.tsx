import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components'
import { type PartyRole, partyLabel, type SavedParty } from '../../../contract/parties'
import { firstErrors } from '../../../contract/rules'
import type { addressBookMachine, PartyDraftValues } from '../../../machines/address-book.machine'
import { useApp } from '../../app/use-app'
import { ViewerNote } from '../../components/page/viewer-note'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { addressBookLogic } from './actors'
import * as styles from './address-book.css'

/**
 * The address book of the confirmation form: a picker per party fieldset ("Choose from address book") and a
 * manage view to add, edit or delete saved parties. One chart (machines/address-book.machine.ts) behind
 * them; picking hands the party to `onPick` (the confirm form's chart), the fields stay editable.
 */
export type AddressBookRef = ReturnType<typeof useActorRef<typeof addressBookMachine>>

export function useAddressBook(onPick: (role: PartyRole, party: SavedParty) => void): AddressBookRef {
  const { api, inspect } = useApp()
  const pick = useRef(onPick)
  pick.current = onPick
  return useActorRef(
    addressBookLogic({ api, fill: (role, party) => pick.current(role, party) }),
    inspect ? { inspect } : {},
  )
}

/** "Choose from address book": the company's saved parties by name and the address's first line. */
export function PartyPicker({ book, party: role }: { book: AddressBookRef; party: PartyRole }) {
  const snapshot = useSelector(book, (s) => s)
  const { parties, picked } = snapshot.context
  const ready = snapshot.matches('ready')
  const placeholder = snapshot.matches('loading')
    ? 'Loading the address book…'
    : snapshot.matches('failed')
      ? 'The address book is unavailable'
      : parties.length === 0
        ? 'No saved parties yet'
        : 'Choose a saved party'
  return (
    <Select
      className={ui.field}
      selectedKey={picked[role] ?? null}
      onSelectionChange={(key) => {
        if (key !== null) book.send({ type: 'party.picked', role, id: Number(key) })
      }}
      isDisabled={!ready || parties.length === 0}
      placeholder={placeholder}
    >
      <Label className={ui.label}>Choose from address book</Label>
      <AriaButton className={[ui.input, ui.selectButton].join(' ')}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={ui.listPopover}>
        <ListBox className={ui.listBox} items={parties}>
          {(party) => (
            <ListBoxItem id={party.id} textValue={partyLabel(party)} className={ui.option}>
              {partyLabel(party)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}

/** "Manage address book": a dialog listing the saved parties, to add, edit or delete one. */
export function ManageAddressBook({
  book,
  readOnly = false,
}: {
  book: AddressBookRef
  /** A Viewer of the company reads its address book; adding, editing and deleting are a Member's (issue 24). */
  readOnly?: boolean
}) {
  const changes = !readOnly
  const snapshot = useSelector(book, (s) => s)
  const { parties, draft, deleteId, message } = snapshot.context
  const managing = snapshot.matches({ ready: 'managing' })
  const editing =
    snapshot.matches({ ready: { managing: 'editing' } }) ||
    snapshot.matches({ ready: { managing: 'saving' } })
  const saving = snapshot.matches({ ready: { managing: 'saving' } })
  const deleting = snapshot.matches({ ready: { managing: 'deleting' } })
  const errors = Object.fromEntries(
    Object.entries(firstErrors(draft.errors)).filter(([field]) => draft.shown[field]),
  )
  const field = (name: keyof PartyDraftValues, label: string) => (
    <TextField
      label={label}
      value={draft.values[name]}
      onChange={(value) => book.send({ type: 'draft.changed', field: name, value })}
      onBlur={() => book.send({ type: 'draft.blurred', field: name })}
      error={errors[name]}
      isDisabled={saving}
    />
  )
  const close = () => book.send({ type: 'manage.close' })
  return (
    <div className={styles.manage}>
      {snapshot.matches('failed') ? (
        <div className={styles.notice} role="alert">
          <p>{message}</p>
          <Button tone="secondary" onPress={() => book.send({ type: 'user.retry' })}>
            Load the address book again
          </Button>
        </div>
      ) : null}
      <Button
        tone="secondary"
        isDisabled={!snapshot.matches('ready')}
        onPress={() => book.send({ type: 'manage.open' })}
      >
        {changes ? 'Manage address book' : 'Address book'}
      </Button>
      <Dialog
        isOpen={managing}
        title="Address book"
        width={640}
        isDismissable={!saving && !deleting}
        role="dialog"
        onClose={close}
        actions={
          <Button tone="secondary" isDisabled={saving || deleting} onPress={close}>
            Close
          </Button>
        }
      >
        <div className={styles.body}>
          {message ? (
            <p className={styles.notice} role="alert">
              {message}
            </p>
          ) : null}
          {editing ? (
            <form
              aria-label={draft.id === null ? 'New party' : 'Edit party'}
              onSubmit={(event) => {
                event.preventDefault()
                // The dialog is portalled out of the confirmation form, but React events still bubble to it.
                event.stopPropagation()
                book.send({ type: 'draft.save' })
              }}
            >
              {field('name', 'Company name')}
              {field('address', 'Address')}
              {field('contact', 'Contact (optional)')}
              <div className={styles.actions}>
                <Button type="submit" isDisabled={saving}>
                  {saving ? 'Saving…' : 'Save'}
                </Button>
                <Button tone="quiet" isDisabled={saving} onPress={() => book.send({ type: 'draft.cancel' })}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <>
              {parties.length === 0 ? (
                <p className={styles.muted}>
                  No saved parties yet. The parties of each booking you confirm are saved here.
                </p>
              ) : (
                <ul className={styles.entries} aria-label="Saved parties">
                  {parties.map((party) => (
                    <li key={party.id} className={styles.entry}>
                      <span className={styles.entryName}>{party.name}</span>
                      <span className={styles.address}>{party.address}</span>
                      {party.contact ? <span className={styles.muted}>{party.contact}</span> : null}
                      {deleteId === party.id ? (
                        <div className={styles.actions} role="alert">
                          <span>Delete {party.name}?</span>
                          <Button isDisabled={deleting} onPress={() => book.send({ type: 'delete.confirm' })}>
                            {deleting ? 'Deleting…' : 'Delete'}
                          </Button>
                          <Button
                            tone="quiet"
                            isDisabled={deleting}
                            onPress={() => book.send({ type: 'delete.cancel' })}
                          >
                            Keep
                          </Button>
                        </div>
                      ) : changes ? (
                        <div className={styles.actions}>
                          <Button
                            tone="secondary"
                            aria-label={`Edit ${party.name}`}
                            isDisabled={deleteId !== null}
                            onPress={() => book.send({ type: 'entry.edit', id: party.id })}
                          >
                            Edit
                          </Button>
                          <Button
                            tone="quiet"
                            aria-label={`Delete ${party.name}`}
                            isDisabled={deleteId !== null}
                            onPress={() => book.send({ type: 'entry.delete', id: party.id })}
                          >
                            Delete
                          </Button>
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {changes ? (
                <Button
                  tone="secondary"
                  isDisabled={deleteId !== null}
                  onPress={() => book.send({ type: 'entry.add' })}
                >
                  Add a party
                </Button>
              ) : (
                <ViewerNote />
              )}
            </>
          )}
        </div>
      </Dialog>
    </div>
  )
}
