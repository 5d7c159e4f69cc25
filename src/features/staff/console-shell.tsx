import { useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { staffRoleNames } from '../../../contract/permissions'
import { siteConfig } from '../../../site.config'
import { unreadCounts } from '../../api/conversations'
import { UnreadBadge, useUnreadCounts } from '../../components/conversation/unread-badge'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Link, useNavigate } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as styles from './console.css'
import { desksFor } from './desks'

/** The console's layout: a top bar with the desks the person's roles allow, their name and Sign out. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { session, bindNavigation } = staffConsole()
  const navigate = useNavigate()
  useEffect(
    () => bindNavigation(() => void navigate({ to: '/staff/login', replace: true })),
    [bindNavigation, navigate],
  )
  const staff = useSelector(session, (s) => s.context.staff)
  const signingOut = useSelector(session, (s) => s.matches({ auth: 'signingOut' }))
  const main = useRef<HTMLElement>(null)
  // After moving to another page of the console the focus goes to its heading, as in the customer area.
  const resolvedPath = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  const shownPath = useRef(resolvedPath)
  useEffect(() => {
    if (resolvedPath === undefined || shownPath.current === resolvedPath) return
    shownPath.current = resolvedPath
    const heading = main.current?.querySelector<HTMLElement>('h1')
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
    ;(heading ?? main.current)?.focus({ preventScroll: true })
  }, [resolvedPath])
  if (!staff) return null
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <header className={styles.topBar}>
        <ConsoleBrand />
        <nav aria-label="Console" className={styles.nav}>
          <Link to="/staff" className={styles.navLink} activeOptions={{ exact: true }}>
            Home
          </Link>
          {desksFor(staff.roles).map((desk) => (
            <Link key={desk.to} to={desk.to} className={styles.navLink}>
              {desk.label}
              {desk.to === '/staff/messages' ? <UnreadMessages /> : null}
            </Link>
          ))}
        </nav>
        <div className={styles.who}>
          <span>
            {staff.name} · {staff.roles.map((role) => staffRoleNames[role]).join(', ')}
          </span>
          <Button
            tone="secondary"
            isDisabled={signingOut}
            onPress={() => session.send({ type: 'user.logout' })}
          >
            Sign out
          </Button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  )
}

/** The product's logo and name, as the console's top bar and its sign-in show them. */
export function ConsoleBrand() {
  return (
    <span className={styles.brand}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {siteConfig.brand} staff
    </span>
  )
}

/** Session Expired, shown wherever the console's session ended (on the sign-in page too). */
export function StaffSessionNotice() {
  const { session } = staffConsole()
  const expired = useSelector(session, (s) => s.matches({ notice: 'expired' }))
  return (
    <Dialog
      isOpen={expired}
      title="Session Expired"
      width={350}
      onClose={() => session.send({ type: 'dialog.acknowledged' })}
    >
      <p>Your staff session has ended. Sign in again to continue.</p>
    </Dialog>
  )
}

/** Customers' messages not answered yet, beside the Messages entry; kept current live. */
function UnreadMessages() {
  const { api } = staffConsole()
  const counts = useUnreadCounts(() => unreadCounts(api, true), staffStream())
  return <UnreadBadge counts={counts} />
}
