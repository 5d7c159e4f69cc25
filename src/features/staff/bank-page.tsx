import { useActorRef, useSelector } from '@xstate/react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import type { BankLineStatus, BankLineView } from '../../../contract/finance/payment-wire'
import { bankLinesMachine, isCsv } from '../../../machines/bank-lines.machine'
import {
  ignoreBankLine,
  listBankLines,
  matchBankLine,
  reopenBankLine,
  uploadBankStatement,
} from '../../api/payments'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { paymentRecordWith } from './payment-effects'
import { Money } from './payment-form-parts'
import { type PaymentRecordActor, PaymentRecordForm } from './payment-record-form'
import * as styles from './payments.css'

type BankActor = ActorRefFrom<typeof bankLinesMachine>

const tabs: { id: BankLineStatus; label: string }[] = [
  { id: 'open', label: 'To match' },
  { id: 'matched', label: 'Matched' },
  { id: 'ignored', label: 'Ignored' },
]

/**
 * /staff/finance/bank (finance): upload a bank statement (camt.053 XML, or CSV with its account), then each
 * open credit line with the desk's suggestion: Confirm it, Change it (the payment form), or Ignore the line;
 * the matched and ignored lines (Reopen an ignored one).
 */
export function BankPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    bankLinesMachine.provide({
      actors: {
        loadLines: fromPromise(({ input }) => listBankLines(api, input.status, input.after ?? undefined)),
        uploadStatement: fromPromise(({ input }) =>
          uploadBankStatement(api, input.file as File, input.account),
        ),
        lineAction: fromPromise(({ input }) =>
          input.kind === 'confirm'
            ? matchBankLine(api, input.lineId, input.body)
            : input.kind === 'ignore'
              ? ignoreBankLine(api, input.lineId)
              : reopenBankLine(api, input.lineId),
        ),
        change: paymentRecordWith(api),
      },
    }),
    { input: { today: singaporeDateOf(new Date()) } },
  )
  const state = useSelector(actor, (s) => s)
  const { status, notice, message, listMessage } = state.context
  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance" className={styles.link}>
          Finance desk
        </Link>{' '}
        ·{' '}
        <Link to="/staff/finance/payments" className={styles.link}>
          Payments
        </Link>
      </p>
      <h1>Bank statements</h1>
      <Upload actor={actor} />
      <p role="status" className={styles.note} data-testid="bank-status">
        {notice ?? ''}
      </p>
      {message ? (
        <p role="alert" className={styles.refusal}>
          {message}
        </p>
      ) : null}
      <Tabs
        selectedKey={status}
        onSelectionChange={(key) =>
          actor.send({ type: 'status.changed', status: String(key) as BankLineStatus })
        }
      >
        <TabList aria-label="Bank lines" className={styles.tabList}>
          {tabs.map((one) => (
            <Tab key={one.id} id={one.id} className={styles.tab}>
              {one.label}
            </Tab>
          ))}
        </TabList>
        {tabs.map((one) => (
          <TabPanel key={one.id} id={one.id}>
            {state.matches({ list: 'loading' }) ? <p>Loading…</p> : null}
            {state.matches({ list: 'failed' }) ? (
              <div role="alert" className={consoleStyles.error}>
                <p>{listMessage}</p>
                <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
                  Try again
                </Button>
              </div>
            ) : null}
            {one.id === status &&
            (state.matches({ list: 'ready' }) || state.matches({ list: 'loadingMore' })) ? (
              <Lines actor={actor} />
            ) : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  )
}

function Upload({ actor }: { actor: BankActor }) {
  const state = useSelector(actor, (s) => s)
  const { file, account, uploadErrors, uploadSubmitted, uploaded, uploadMessage } = state.context
  const sending = state.matches({ upload: 'sending' })
  const fileError = uploadSubmitted ? uploadErrors.file?.[0] : undefined
  return (
    <section className={styles.section} aria-labelledby="bank-upload">
      <h2 id="bank-upload">Upload a statement</h2>
      <form
        aria-labelledby="bank-upload"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'upload.submit' })
        }}
      >
        <div className={ui.field}>
          <label htmlFor="bank-file" className={ui.label}>
            Statement file (camt.053 XML or CSV)
          </label>
          <input
            id="bank-file"
            name="file"
            type="file"
            accept=".xml,.csv,application/xml,text/xml,text/csv"
            className={styles.fileInput}
            disabled={sending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'bank-file-error' : undefined}
            onChange={(event) => actor.send({ type: 'file.chosen', file: event.target.files?.[0] ?? null })}
          />
          {fileError ? (
            <p id="bank-file-error" className={ui.fieldError}>
              {fileError}
            </p>
          ) : null}
        </div>
        {isCsv(file) ? (
          <TextField
            label="Account (the CSV's bank account)"
            value={account}
            isDisabled={sending}
            onChange={(value) => actor.send({ type: 'account.changed', value })}
            error={uploadSubmitted ? uploadErrors.account?.[0] : undefined}
          />
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={ui.button({})} disabled={sending}>
            {sending ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </form>
      <p role="status" className={styles.note} data-testid="upload-result">
        {uploaded?.message ?? ''}
      </p>
      {uploadMessage ? (
        <p role="alert" className={styles.refusal}>
          {uploadMessage}
        </p>
      ) : null}
    </section>
  )
}

function Lines({ actor }: { actor: BankActor }) {
  const lines = useSelector(actor, (s) => s.context.lines)
  const next = useSelector(actor, (s) => s.context.next)
  const more = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }))
  if (lines.length === 0) return <p data-testid="bank-empty">No lines.</p>
  return (
    <>
      <ul className={styles.lines} aria-label="Bank lines">
        {lines.map((line) => (
          <Line key={line.id} line={line} actor={actor} />
        ))}
      </ul>
      {next ? (
        <Button tone="secondary" isDisabled={more} onPress={() => actor.send({ type: 'list.more' })}>
          {more ? 'Loading…' : 'More lines'}
        </Button>
      ) : null}
    </>
  )
}

const referenceOf = (line: BankLineView) =>
  [line.endToEndId, ...line.structuredReferences, line.unstructured].filter(Boolean).join(' · ') || '—'

function Line({ line, actor }: { line: BankLineView; actor: BankActor }) {
  const busy = useSelector(actor, (s) => !s.matches({ act: 'idle' }))
  const change = useSelector(actor, (s) =>
    s.context.line?.id === line.id ? (s.children.change as PaymentRecordActor | undefined) : undefined,
  )
  const { suggestion } = line
  const label = `${line.source} of ${formatDay(line.bookingDay)}`
  return (
    <li className={styles.bankLine} data-testid="bank-line" aria-label={label}>
      <p>
        <strong>
          <Money amount={line.amount} currency={line.currency} />
        </strong>{' '}
        on {formatDay(line.bookingDay)} from {line.counterparty ?? 'an unnamed payer'} ({line.account},{' '}
        {line.source})
      </p>
      <p className={styles.muted}>Reference: {referenceOf(line)}</p>
      {line.status === 'open' ? (
        <p data-testid="bank-suggestion">
          {suggestion ? (
            <>
              Suggested: {suggestion.customerName},{' '}
              {suggestion.allocations.map((one, index) => (
                <span key={one.invoiceNumber}>
                  {index > 0 ? ', ' : ''}
                  {one.invoiceNumber} <Money amount={one.amount} currency={line.currency} />
                </span>
              ))}
              {suggestion.credit > 0 ? (
                <>
                  {suggestion.allocations.length > 0 ? ', ' : ''}credit on account{' '}
                  <Money amount={suggestion.credit} currency={line.currency} />
                </>
              ) : null}{' '}
              (
              {suggestion.rule === 'reference'
                ? 'invoice number in the reference'
                : 'open invoices that sum to it'}
              )
            </>
          ) : (
            'No suggestion: choose the customer.'
          )}
        </p>
      ) : null}
      {line.paymentId !== null ? (
        <p>
          Matched to{' '}
          <Link
            to="/staff/finance/payments/$id"
            params={{ id: String(line.paymentId) }}
            className={styles.link}
          >
            payment {line.paymentId}
          </Link>
        </p>
      ) : null}
      {change ? (
        <PaymentRecordForm actor={change} title={`Match ${label}`} />
      ) : (
        <div className={styles.actions}>
          {line.status === 'open' && suggestion ? (
            <Button
              isDisabled={busy}
              onPress={() => actor.send({ type: 'line.confirm', id: line.id })}
              aria-label={`Confirm ${label}`}
            >
              Confirm
            </Button>
          ) : null}
          {line.status === 'open' ? (
            <>
              <Button
                tone="secondary"
                isDisabled={busy}
                onPress={() => actor.send({ type: 'line.change', id: line.id })}
                aria-label={`Change ${label}`}
              >
                {suggestion ? 'Change…' : 'Match…'}
              </Button>
              <Button
                tone="quiet"
                isDisabled={busy}
                onPress={() => actor.send({ type: 'line.ignore', id: line.id })}
                aria-label={`Ignore ${label}`}
              >
                Ignore
              </Button>
            </>
          ) : null}
          {line.status === 'ignored' ? (
            <Button
              tone="secondary"
              isDisabled={busy}
              onPress={() => actor.send({ type: 'line.reopen', id: line.id })}
              aria-label={`Reopen ${label}`}
            >
              Reopen
            </Button>
          ) : null}
        </div>
      )}
    </li>
  )
}
