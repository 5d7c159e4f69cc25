import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { type DocumentFile, documentNames } from '../../../contract/bookings'
import { uploadableKinds } from '../../../contract/documents'
import { mayAct } from '../../../machines/ops-actions'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { DocumentStatusBadge } from '../../components/shipment/document-badge'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as styles from './ops.css'
import { NativeSelect, type OpsActor, useOpsForm } from './ops-booking-parts'

/** The booking's documents: each item's files, previewed, accepted or rejected. */
export function Documents({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail, previewing, preview, previewMessage } = state.context
  if (!detail) return null
  const idle = state.matches({ ready: { work: 'idle' } })
  const now = new Date()
  const fileRow = (file: DocumentFile, itemName: string) => (
    <li key={file.id} className={styles.item} data-testid="desk-file">
      <strong>{file.name}</strong> <DocumentStatusBadge status={file.status} />
      <div className={styles.muted}>
        {itemName} · uploaded {formatAccountTime(file.uploadedAt, now)}
      </div>
      {file.reason ? <div>Rejected: {file.reason}</div> : null}
      <div className={styles.itemActions}>
        <Button
          tone="secondary"
          aria-label={`Preview ${file.name}`}
          onPress={() => actor.send({ type: 'preview.opened', fileId: file.id, name: file.name })}
        >
          Preview
        </Button>
        {mayAct(detail, 'accept', file.id) ? (
          <>
            <Button
              isDisabled={!idle}
              aria-label={`Accept ${file.name}`}
              onPress={() => actor.send({ type: 'action.requested', action: 'accept', target: file.id })}
            >
              Accept
            </Button>
            <Button
              tone="secondary"
              isDisabled={!idle}
              aria-label={`Reject ${file.name}`}
              onPress={() => actor.send({ type: 'action.requested', action: 'reject', target: file.id })}
            >
              Reject
            </Button>
          </>
        ) : null}
      </div>
      {previewing?.fileId === file.id ? (
        <div className={styles.section}>
          {state.matches({ ready: { preview: 'loading' } }) ? (
            <p role="status">Loading the preview…</p>
          ) : null}
          {previewMessage ? <p role="alert">{previewMessage}</p> : null}
          {preview?.fileId === file.id ? <FilePreview {...preview} /> : null}
          <Button tone="quiet" onPress={() => actor.send({ type: 'preview.closed' })}>
            Close preview
          </Button>
        </div>
      ) : null}
    </li>
  )
  return (
    <section className={styles.section} aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      <ul className={styles.list}>
        {detail.booking.documents.map((item) => (
          <li key={item.kind} className={styles.item} data-testid="desk-document">
            <strong>{item.name}</strong> <DocumentStatusBadge status={item.status} />
            <div className={styles.muted}>
              {item.required ? 'Required' : 'Optional'}
              {item.dueDate ? ` · due ${formatDay(item.dueDate)}` : ''}
              {item.overdue ? ' · overdue' : ''}
              {item.requested ? ` · asked for${item.requested.note ? `: “${item.requested.note}”` : ''}` : ''}
            </div>
            {item.files.length > 0 ? (
              <ul className={styles.list} aria-label={`Files of the ${item.name.toLowerCase()}`}>
                {item.files.map((file) => fileRow(file, item.name))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function FilePreview({ url, contentType, name }: { url: string; contentType: string; name: string }) {
  if (contentType === 'application/pdf')
    return <iframe className={styles.preview} src={url} title={`Preview of ${name}`} />
  if (contentType.startsWith('image/'))
    return <img className={styles.previewImage} src={url} alt={`Preview of ${name}`} />
  return (
    <p>
      This kind of file is not shown here.{' '}
      <a className={styles.link} href={url} download={name}>
        Download {name}
      </a>
    </p>
  )
}

/** Ask the customer for a document by a date. */
export function RequestForm({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { values } = state.context.request
  const { errorOf, set, blur } = useOpsForm(actor, 'request')
  return (
    <section className={styles.panel} aria-labelledby="request-title">
      <h2 id="request-title">Ask for a document</h2>
      <Form
        validationBehavior="aria"
        aria-labelledby="request-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submitted', form: 'request' })
        }}
      >
        <div className={styles.formGrid}>
          <NativeSelect
            id="request-kind"
            label="Document"
            value={values.kind}
            options={uploadableKinds.map((kind) => ({ value: kind, label: documentNames[kind] }))}
            error={errorOf('kind')}
            onChange={set('kind')}
          />
          <TextField
            label="Due date (Singapore)"
            type="date"
            value={values.dueDate}
            onChange={set('dueDate')}
            onBlur={blur('dueDate')}
            error={errorOf('dueDate')}
          />
          <div className={styles.wide}>
            <TextField
              label="Note to the customer (optional)"
              value={values.note}
              onChange={set('note')}
              onBlur={blur('note')}
              error={errorOf('note')}
            />
          </div>
        </div>
        <div className={styles.actions}>
          <Button type="submit" tone="secondary" isDisabled={!state.matches({ ready: { work: 'idle' } })}>
            {state.matches({ ready: { work: 'requesting' } }) ? 'Asking…' : 'Ask the customer'}
          </Button>
        </div>
      </Form>
    </section>
  )
}
