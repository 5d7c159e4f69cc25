import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { chargeListMachine } from '../../../machines/charge-decision.machine'
import { listBookingCharges } from '../../api/charges'
import { customerStream } from '../../app/customer-stream'
import { useApp } from '../../app/use-app'
import { Button } from '../ui/button'
import { ChargeList } from './charge-card'
import * as styles from './charges.css'

/**
 * The booking page's billing (issue 35): the booking's charges, the ones waiting for the company's answer
 * first, each with its decision (./charge-card.tsx); the booking page shows it. Left out until the booking has charges (they come at
 * confirmation).
 */
export function BookingCharges({ number }: { number: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    chargeListMachine.provide({
      actors: { listCharges: fromPromise(({ input }) => listBookingCharges(api, input.number)) },
    }),
    { input: { number }, ...(inspect ? { inspect } : {}) },
  )
  // Staff added or withdrew a charge, or someone decided one: the booking's stream says so; read them again.
  useEffect(
    () =>
      customerStream().subscribe({
        booking: (change) => {
          if (change.number === number) actor.send({ type: 'charges.reload' })
        },
      }),
    [actor, number],
  )
  const state = useSelector(actor, (s) => s.value)
  const { charges, message } = useSelector(actor, (s) => s.context)
  if (state === 'loading' && charges.length === 0) return null
  if (state === 'ready' && charges.length === 0) return null
  const waiting = charges.filter((charge) => charge.status === 'pending').length

  return (
    <section className={styles.section} aria-labelledby="billing-title" data-testid="booking-charges">
      <h2 id="billing-title">Charges and changes</h2>
      {state === 'failed' ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : (
        <p className={styles.muted}>
          {waiting > 0
            ? `${waiting === 1 ? 'One change waits' : `${waiting} changes wait`} for your approval. `
            : ''}
          Amounts exclude GST; only approved charges are invoiced.
        </p>
      )}
      <ChargeList charges={charges} onChanged={() => actor.send({ type: 'charges.reload' })} />
    </section>
  )
}
