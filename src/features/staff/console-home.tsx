import { useSelector } from '@xstate/react'
import { staffRoleDuties, staffRoleNames } from '../../../contract/permissions'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as styles from './console.css'
import { desksFor } from './desks'

/** /staff: who is signed in, what their roles are for, and the desks they may open. */
export function ConsoleHome() {
  const staff = useSelector(staffConsole().session, (s) => s.context.staff)
  if (!staff) return null
  const desks = desksFor(staff.roles)
  return (
    <>
      <h1>Welcome, {staff.name}</h1>
      <h2>Your roles</h2>
      <ul>
        {staff.roles.map((role) => (
          <li key={role}>
            <strong>{staffRoleNames[role]}</strong>: {staffRoleDuties[role]}
          </li>
        ))}
      </ul>
      {desks.length > 0 ? (
        <>
          <h2>Desks</h2>
          <ul className={styles.cards}>
            {desks.map((desk) => (
              <li key={desk.to} className={styles.card}>
                <Link to={desk.to}>{desk.label}</Link>
                <p className={styles.lead}>{desk.about}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
