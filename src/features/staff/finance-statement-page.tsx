import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import { statementMachine } from '../../../machines/statement.machine'
import { downloadStaffStatementPdf, getStaffStatement } from '../../api/statement'
import { StatementView } from '../../components/statement/statement-view'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as styles from './finance.css'

/**
 * /staff/finance/customers/$id/statement (finance): a company's statement of account as its customers see it
 * in My Invoices, with its PDF; the company's documents open on the finance desk.
 */
export function FinanceStatementPage({ customerId }: { customerId: string }) {
  const { api } = staffConsole()
  const id = /^[1-9]\d{0,9}$/.test(customerId) ? Number(customerId) : 0
  const actor = useActorRef(
    statementMachine.provide({
      actors: {
        getStatement: fromPromise(({ input }) => getStaffStatement(api, id, input)),
        downloadPdf: fromPromise(({ input }) => downloadStaffStatementPdf(api, id, input)),
      },
    }),
    { input: { today: singaporeDateOf(new Date()) } },
  )
  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance" className={styles.link}>
          Finance desk
        </Link>
        {' · '}
        <Link to="/staff/customers/$id" params={{ id: customerId }} className={styles.link}>
          Customer
        </Link>
      </p>
      <h1>Statement of account</h1>
      <StatementView
        actor={actor}
        documentLink={(number) => (
          <Link to="/staff/finance/invoices/$number" params={{ number }} className={styles.link}>
            {number}
          </Link>
        )}
      />
    </div>
  )
}
