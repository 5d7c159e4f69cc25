import { Link } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import { statementMachine } from '../../../machines/statement.machine'
import { downloadStatementPdf, getStatement } from '../../api/statement'
import { useApp } from '../../app/use-app'
import { StatementView } from '../../components/statement/statement-view'
import * as styles from './invoices.css'

/** My Invoices' statement tab (/user/invoices?view=statement): the company's statement of account and its PDF. */
export function MyStatement() {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    statementMachine.provide({
      actors: {
        getStatement: fromPromise(({ input }) => getStatement(api, input)),
        downloadPdf: fromPromise(({ input }) => downloadStatementPdf(api, input)),
      },
    }),
    { input: { today: singaporeDateOf(new Date()) }, ...(inspect ? { inspect } : {}) },
  )
  return (
    <StatementView
      actor={actor}
      documentLink={(number) => (
        <Link
          to="/user/invoices/$number"
          params={{ number }}
          className={`${styles.link} ${styles.reference}`}
        >
          {number}
        </Link>
      )}
    />
  )
}
