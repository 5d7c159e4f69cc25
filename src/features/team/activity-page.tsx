import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { TeamActivityEntry, TeamActivityPerson } from '../../../contract/team-activity'
import { teamActivityMachine } from '../../../machines/team-activity.machine'
import { listTeamActivity } from '../../api/team-activity'
import { formatAccountTime } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './activity-page.css'

const EVERYONE = 'Everyone'
const columns = ['When', 'Who', 'What'] as const

/** The filter's choices: each person by name (with their id when two share one). */
function choicesOf(people: TeamActivityPerson[]) {
  const count = new Map<string, number>()
  for (const person of people) count.set(person.name, (count.get(person.name) ?? 0) + 1)
  return people.map((person) => ({
    id: person.id,
    label: (count.get(person.name) ?? 0) > 1 ? `${person.name} (#${person.id})` : person.name,
  }))
}

/** The record's page, when the customer has one. */
function RecordLink({ entry }: { entry: TeamActivityEntry }) {
  const { link } = entry
  if (!link) return null
  if (link.page === 'booking') {
    return (
      <Link to="/user/bookings/$number" params={{ number: link.number }} className={styles.link}>
        Open {link.number}
      </Link>
    )
  }
  if (link.page === 'quote') {
    return (
      <Link to="/user/getquote" search={{ quote: link.number }} className={styles.link}>
        Open {link.number}
      </Link>
    )
  }
  return (
    <Link to="/user/team" className={styles.link}>
      My Team
    </Link>
  )
}

/** /user/team/activity: what the company's people did, newest first, filtered by person (Admins). */
export function TeamActivityPage({ info }: { info: PageInfo }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    teamActivityMachine.provide({
      actors: { listActivity: fromPromise(({ input }) => listTeamActivity(api, input)) },
    }),
    { input: {}, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s.value)
  const { data, query, message } = useSelector(actor, (s) => s.context)
  const choices = choicesOf(data?.people ?? [])
  const chosen = choices.find((choice) => choice.id === query.user)
  const entries = data?.entries ?? []

  return (
    <article>
      <p>
        <Link to="/user/team" className={styles.link}>
          ← My Team
        </Link>
      </p>
      <h1>{info.heading}</h1>
      <p className={styles.muted}>
        What the people of your company did in eShip: quotes, bookings, documents, messages and the team.
      </p>
      {state === 'forbidden' ? (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      ) : (
        <>
          <search className={styles.grid} aria-label="Filter the activity">
            <SelectField
              label="Person"
              options={[EVERYONE, ...choices.map((choice) => choice.label)]}
              value={chosen?.label ?? EVERYONE}
              onChange={(label) =>
                actor.send({
                  type: 'person.changed',
                  user: choices.find((choice) => choice.label === label)?.id ?? null,
                })
              }
            />
          </search>
          {state === 'failed' ? (
            <div className={styles.alert} role="alert">
              <p>{message}</p>
              <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
            </div>
          ) : null}
          <p className={styles.muted} role="status">
            {state === 'loading'
              ? 'Loading…'
              : state === 'ready' && data
                ? `${data.total} ${data.total === 1 ? 'entry' : 'entries'}${data.pageCount > 1 ? `, page ${data.page} of ${data.pageCount}` : ''}`
                : ''}
          </p>
          {state === 'ready' && entries.length === 0 ? (
            <p className={styles.notice}>
              {query.user === null ? 'Nothing has been done yet.' : 'This person has done nothing yet.'}
            </p>
          ) : null}
          {entries.length > 0 ? (
            <table className={styles.table} aria-busy={state === 'loading'}>
              <caption className={visuallyHidden}>Your company's activity, newest first</caption>
              <thead className={styles.head}>
                <tr>
                  {columns.map((column) => (
                    <th key={column} className={styles.headCell} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={styles.body}>
                {entries.map((entry) => (
                  <tr key={entry.id} className={styles.tableRow} data-testid="activity-row">
                    <td className={styles.when} data-label="When">
                      <time dateTime={entry.at}>{formatAccountTime(entry.at)}</time>
                    </td>
                    <td className={styles.cell} data-label="Who">
                      {entry.actor}
                    </td>
                    <td className={styles.cell} data-label="What">
                      {entry.summary} <RecordLink entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {data && data.pageCount > 1 ? (
            <nav className={styles.pager} aria-label="Pages of the activity">
              <Button
                tone="secondary"
                isDisabled={state !== 'ready' || query.page <= 1}
                onPress={() => actor.send({ type: 'page.newer' })}
              >
                Newer
              </Button>
              <span>
                Page {query.page} of {data.pageCount}
              </span>
              <Button
                tone="secondary"
                isDisabled={state !== 'ready' || query.page >= data.pageCount}
                onPress={() => actor.send({ type: 'page.older' })}
              >
                Older
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </article>
  )
}
