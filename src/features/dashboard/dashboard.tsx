import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { dashboardMachine } from '../../../machines/dashboard.machine'
import { getDashboard } from '../../api/dashboard'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import * as styles from './dashboard.css'
import { Figures } from './figures'
import { Greeting, InTransit, LclOffer, NeedsAttention, RecentActivity } from './sections'

/**
 * /user/home's dashboard around the quote form (passed in, so this feature does not import the quotes one):
 * the greeting and the first-LCL offer, what needs attention, then the form, then shipments in transit,
 * recent activity and the figures. One request brings it all (machines/dashboard.machine.ts).
 */
export function Dashboard({ quoteForm }: { quoteForm: ReactNode }) {
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
      <p className={loading ? styles.muted : styles.visuallyHidden} role="status">
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
          <Greeting
            user={dashboard.user}
            actions={
              <Button
                tone="secondary"
                isDisabled={refreshing}
                onPress={() => actor.send({ type: 'user.refresh' })}
              >
                Refresh
              </Button>
            }
          />
          {dashboard.firstLclEligible ? <LclOffer /> : null}
          <NeedsAttention attention={dashboard.attention} />
        </>
      ) : null}
      {quoteForm}
      {dashboard ? (
        <>
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
