import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { ProgressBar } from 'react-aria-components'
import type { DocumentItem, DocumentKind } from '../../../contract/bookings'
import { uploadAccept } from '../../../contract/uploads'
import type { UploadEntry } from '../../../machines/booking-page.machine'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { DocumentStatusBadge } from '../../components/shipment/document-badge'
import { Button } from '../../components/ui/button'
import * as styles from './bookings.css'

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

export interface DocumentsProps {
  documents: DocumentItem[]
  uploads: UploadEntry[]
  hbl: string | null
  /** Why the booking takes no more documents (cancelled, departed), or null; items operations ask for still do. */
  closed: string | null
  downloading: boolean
  onChoose: (kind: DocumentKind, files: File[]) => void
  onDownload: (fileId: string, name: string) => void
  onDismiss: (upload: UploadEntry) => void
  /** The Viewer role reads only (issue 24): no Upload buttons. */
  readOnly?: boolean
}

/** The document checklist: status, due date, reasons, files, an upload per item, the issued HBL. */
export function Documents({
  documents,
  uploads,
  hbl,
  closed,
  downloading,
  onChoose,
  onDownload,
  onDismiss,
  readOnly = false,
}: DocumentsProps) {
  return (
    <section className={styles.section} aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      {closed ? (
        <p className={styles.muted}>
          {closed}
          {documents.some((item) => item.requested)
            ? ' Operations still ask for the documents marked below.'
            : null}
        </p>
      ) : null}
      {readOnly ? (
        <p className={styles.muted} data-testid="documents-read-only">
          You have the Viewer role: you can download the documents but not upload them.
        </p>
      ) : null}
      {documents.length === 0 ? <p>No documents are needed yet.</p> : null}
      {documents.map((item) => {
        const titleId = `document-${item.kind}`
        const issued = item.kind === 'hbl'
        return (
          <div
            key={item.kind}
            className={styles.documentItem}
            data-testid="document-item"
            data-kind={item.kind}
          >
            <div className={styles.documentHead}>
              <h3 id={titleId} className={styles.documentTitle}>
                {item.name} <DocumentStatusBadge status={item.status} />
              </h3>
              {issued ? (
                item.status === 'Issued' && hbl ? (
                  <Button
                    tone="secondary"
                    isDisabled={downloading}
                    onPress={() => onDownload('hbl', `${hbl}.pdf`)}
                  >
                    Download {hbl}
                  </Button>
                ) : (
                  <span className={styles.muted}>Issued by us once the booking is confirmed.</span>
                )
              ) : readOnly || (closed && !item.requested) ? null : (
                <UploadButton
                  label={`Upload ${item.name.toLowerCase()}`}
                  onSelect={(files) => onChoose(item.kind, files)}
                />
              )}
            </div>
            <p className={styles.muted} data-testid="document-terms">
              {[
                // Whether it is required, unless the badge already says so.
                item.status === 'Required' || item.status === 'Optional'
                  ? null
                  : item.required
                    ? 'Required'
                    : 'Optional',
                item.dueDate ? `Due ${formatDay(item.dueDate)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              {item.overdue ? (
                <>
                  {' '}
                  · <span className={styles.overdue}>Overdue</span>
                </>
              ) : null}
            </p>
            {item.requested ? (
              <p className={styles.alert} data-testid="document-request">
                <strong>Operations ask:</strong> {item.requested.note ?? 'please upload this document.'}
              </p>
            ) : null}
            {item.status === 'Rejected' && item.reason ? (
              <p className={styles.alert}>
                <strong>Rejected:</strong> {item.reason}
              </p>
            ) : null}
            {item.files.length > 0 ? (
              <ul className={styles.fileList} aria-label={`${item.name} files`}>
                {item.files.map((file) => (
                  <li key={file.id} className={styles.row}>
                    <span>
                      {file.name}{' '}
                      <span className={styles.muted}>
                        ({sizeText(file.size)}, uploaded {formatAccountTime(file.uploadedAt)})
                      </span>
                      <span className={styles.byline} data-testid="uploaded-by">
                        Uploaded by {file.uploadedBy}
                      </span>
                    </span>
                    <DocumentStatusBadge status={file.status} />
                    {file.status === 'Rejected' && file.reason ? (
                      <span className={styles.overdue}>{file.reason}</span>
                    ) : null}
                    <Button
                      tone="quiet"
                      isDisabled={downloading}
                      aria-label={`Download ${file.name}`}
                      onPress={() => onDownload(file.id, file.name)}
                    >
                      Download
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {uploads
              .filter((upload) => upload.kind === item.kind)
              .map((upload) => (
                <UploadProgress key={upload.id} upload={upload} onDismiss={() => onDismiss(upload)} />
              ))}
          </div>
        )
      })}
    </section>
  )
}

/** One upload: its progress bar while it goes, then Uploaded, or the reason it was refused. */
function UploadProgress({ upload, onDismiss }: { upload: UploadEntry; onDismiss: () => void }) {
  const state = useSelector(upload.ref, (s) => s.value)
  const { file, progress, message } = useSelector(upload.ref, (s) => s.context)
  return (
    <div className={styles.upload} data-testid="upload" data-state={state}>
      {state === 'uploading' || state === 'checking' ? (
        <ProgressBar value={progress} aria-label={`Uploading ${file.name}`}>
          {({ percentage, valueText }) => (
            <>
              <span className={styles.barLabel}>
                <span>Uploading {file.name}</span>
                <span>{valueText}</span>
              </span>
              <div className={styles.bar}>
                <div className={styles.barFill} style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : null}
      {state === 'uploaded' ? (
        <p className={styles.row} role="status">
          <span>
            {file.name}: <strong>Uploaded</strong>
          </span>
          <Button tone="quiet" aria-label={`Hide ${file.name}`} onPress={onDismiss}>
            Hide
          </Button>
        </p>
      ) : null}
      {state === 'refused' ? (
        <div className={styles.alert} role="alert">
          <p>
            {file.name}: {message}
          </p>
          <Button tone="quiet" aria-label={`Dismiss ${file.name}`} onPress={onDismiss}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** Upload: the browser's file chooser, several files at once, of the kinds a booking takes. */
function UploadButton({ label, onSelect }: { label: string; onSelect: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={uploadAccept.join(',')}
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          // The same file chosen again is a new choice.
          event.currentTarget.value = ''
          if (files.length > 0) onSelect(files)
        }}
      />
      <Button tone="secondary" aria-label={label} onPress={() => input.current?.click()}>
        Upload
      </Button>
    </>
  )
}
