import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { fromPromise } from 'xstate'
import type { Dashboard as DashboardData } from '../../../contract/dashboard'
import { dashboardMachine } from '../../../machines/dashboard.machine'
import { getDashboard } from '../../api/dashboard'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './dashboard.css'
import { Figures } from './figures'
import { AttentionSummary, Greeting, InTransit, LclOffer, NeedsAttention, RecentActivity } from './sections'

/**
 * /user/home's dashboard around the quote form (passed in, so this feature does not import the quotes one).
 * What is known at once comes first and never moves: the greeting (the session's user) and the quote form;
 * what the one request brings (machines/dashboard.machine.ts) follows below them, so a person already typing
 * in the form is not pushed around when it arrives: what needs attention (first, and counted in one line
 * above the form that holds its place from the start), the first-LCL offer, shipments in transit, the
 * figures and recent activity.
 */
export function Dashboard({
  quoteForm,
  user,
}: {
  quoteForm: ReactNode
  user: Pick<DashboardData['user'], 'name' | 'company'> | null
}) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    dashboardMachine.provide({ actors: { getDashboard: fromPromise(() => getDashboard(api)) } }),
    inspect ? { inspect } : undefined,
  )
  const dashboard = useSelector(actor, (s) => s.context.dashboard)
  const message = useSelector(actor, (s) => s.context.message)
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const refreshing = useSelector(actor, (s) => s.matches({ ready: 'refreshing' }))

  return (
    <div className={styles.page}>
      {user ? (
        <Greeting
          user={user}
          returning={dashboard ? dashboard.user.returning : failed ? false : undefined}
          actions={
            <Button
              tone="secondary"
              isDisabled={loading || refreshing}
              onPress={() => actor.send({ type: 'user.refresh' })}
            >
              Refresh
            </Button>
          }
        />
      ) : null}
      <AttentionSummary attention={dashboard?.attention ?? null} />
      {quoteForm}
      <p className={loading ? styles.muted : visuallyHidden} role="status">
        {loading ? 'Loading your dashboard…' : refreshing ? 'Refreshing your dashboard…' : ''}
      </p>
      {failed || (dashboard && message) ? (
        <div className={styles.alert} role="alert">
          <p className={styles.alertText}>
            {failed ? 'Your dashboard could not be loaded. ' : 'Your dashboard could not be refreshed. '}
            {message}
          </p>
          {failed ? <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button> : null}
        </div>
      ) : null}
      {dashboard ? (
        <>
          <NeedsAttention attention={dashboard.attention} />
          {dashboard.firstLclEligible ? <LclOffer /> : null}
          <InTransit shipments={dashboard.inTransit} />
          <div className={styles.columns}>
            <Figures figures={dashboard.figures} />
            <RecentActivity events={dashboard.activity} />
          </div>
        </>
      ) : null}
    </div>
  )
}
