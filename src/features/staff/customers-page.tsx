import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { customerListMachine, lastPage } from '../../../machines/customer-directory.machine'
import { loadCountries } from '../../api/countries'
import { listCustomers } from '../../api/customer-directory'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './customers.css'

/** /staff/customers (admin, sales, operations): the companies, searched and filtered by country, 25 a page. */
export function CustomersPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    customerListMachine.provide({
      actors: {
        // The chart checked what was typed with the contract's customerListQuerySchema.
        listCustomers: fromPromise(({ input }) => listCustomers(api, input)),
        listCountries: fromPromise(async () =>
          (await loadCountries(api, window.localStorage)).map((country) => ({
            code: country.mcou_code,
            name: country.mcou_name,
          })),
        ),
      },
    }),
  )
  const state = useSelector(actor, (s) => s)
  const { values, searchError, query, result, countries, message } = state.context
  const loading = state.matches('loading')
  const pages = lastPage(result)
  const now = new Date()

  return (
    <div className={styles.page}>
      <h1>Customers</h1>
      <p className={consoleStyles.lead}>
        Every customer company with its users, quotes, bookings and conversations, as its users see them.
      </p>

      <Form
        className={styles.search}
        role="search"
        aria-label="Find a customer"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.search' })
        }}
      >
        <TextField
          label="Company, user name or email"
          name="q"
          type="search"
          autoComplete="off"
          value={values.q}
          onChange={(value) => actor.send({ type: 'field.changed', field: 'q', value })}
          error={searchError ?? undefined}
        />
        <div className={ui.field}>
          <label className={ui.label} htmlFor="customer-country">
            Country
          </label>
          <select
            id="customer-country"
            className={styles.nativeInput}
            value={values.country}
            onChange={(event) => {
              actor.send({ type: 'field.changed', field: 'country', value: event.target.value })
              actor.send({ type: 'user.search' })
            }}
          >
            <option value="">All countries</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div className={[ui.field, styles.searchActions].join(' ')}>
          <Button type="submit">Search</Button>
          <Button tone="secondary" onPress={() => actor.send({ type: 'user.clear' })}>
            Clear
          </Button>
        </div>
      </Form>

      <p role="status" className={styles.note}>
        {loading
          ? 'Loading customers…'
          : result
            ? `${result.total === 1 ? '1 company' : `${result.total} companies`}${
                query.q ? ` matching “${query.q}”` : ''
              }${query.country ? ` in ${countries.find((c) => c.code === query.country)?.name ?? query.country}` : ''}`
            : ''}
      </p>

      {state.matches('failed') ? (
        <>
          <p role="alert" className={consoleStyles.error}>
            {message}
          </p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </>
      ) : null}

      {result && !state.matches('failed') ? (
        <>
          <table className={styles.table} aria-busy={loading}>
            <caption className={styles.caption}>
              Page {query.page} of {pages}
            </caption>
            <thead className={styles.head}>
              <tr>
                <th className={styles.headCell} scope="col">
                  Company
                </th>
                <th className={styles.headCell} scope="col">
                  Country
                </th>
                <th className={styles.headCell} scope="col">
                  Users
                </th>
                <th className={styles.headCell} scope="col">
                  Quotes
                </th>
                <th className={styles.headCell} scope="col">
                  Bookings
                </th>
                <th className={styles.headCell} scope="col">
                  Last activity
                </th>
              </tr>
            </thead>
            <tbody className={styles.body}>
              {result.customers.map((company) => (
                <tr key={company.id} className={styles.tableRow} data-testid="customer-row">
                  <th scope="row" className={styles.titleCell}>
                    <Link
                      to="/staff/customers/$id"
                      params={{ id: String(company.id) }}
                      className={styles.link}
                    >
                      {company.name}
                    </Link>
                  </th>
                  <td className={styles.cell} data-label="Country">
                    {company.country.name}
                  </td>
                  <td className={styles.cell} data-label="Users">
                    {company.users}
                  </td>
                  <td className={styles.cell} data-label="Quotes">
                    {company.quotes}
                  </td>
                  <td className={styles.cell} data-label="Bookings">
                    {company.bookings}
                  </td>
                  <td className={styles.cell} data-label="Last activity">
                    {company.lastActivity ? formatAccountTime(company.lastActivity, now) : 'None yet'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.customers.length === 0 ? <p>No customer matches.</p> : null}
          <nav className={styles.pager} aria-label="Pages of customers">
            <Button
              tone="secondary"
              isDisabled={loading || query.page <= 1}
              onPress={() => actor.send({ type: 'page.previous' })}
            >
              Previous page
            </Button>
            <Button
              tone="secondary"
              isDisabled={loading || query.page >= pages}
              onPress={() => actor.send({ type: 'page.next' })}
            >
              Next page
            </Button>
          </nav>
        </>
      ) : null}
    </div>
  )
}
