import { Link, useLocation, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { unreadCounts } from '../../api/conversations'
import { customerStream } from '../../app/customer-stream'
import { BRAND, contextualUserPaths, type UserPath, userPages } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { UnreadBadge, useUnreadCounts } from '../conversation/unread-badge'
import { UserMenu } from './user-menu'
import { userNotFound } from './user-not-found'
import * as styles from './user-shell.css'

const isUserPath = (path: string): path is UserPath => path in userPages

/**
 * A page below a menu entry (a booking, or its confirmation, under My Bookings): its own title, the entry
 * highlighted.
 */
function subPageTitle(pathname: string, notFound: boolean): string {
  if (notFound) return userNotFound.title
  const booking = pathname.match(/^\/user\/(?:bookings|invoices)\/([^/]+)(?:\/confirmed)?\/?$/)?.[1]
  if (booking === undefined) return ''
  try {
    return decodeURIComponent(booking)
  } catch {
    return 'Booking'
  }
}

/** The logged-in area: a top bar with the page title and a side menu (spec section 2). */
export function UserShell({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const current = isUserPath(pathname) ? pathname : undefined
  const notFound = useRouterState({ select: (state) => state.matches.at(-1)?.routeId === '/user/$' })
  const entries = (Object.keys(userPages) as UserPath[]).filter(
    (path) => !contextualUserPaths.includes(path) || path === current,
  )
  // Messages of our team not read yet, by the menu entry of their quote or booking; kept current live.
  const { api } = useApp()
  const unread = useUnreadCounts(() => unreadCounts(api), customerStream())
  const menu = useRef<HTMLElement>(null)
  // On a narrow screen the menu is one line that scrolls sideways: the current entry is brought into it
  // (by the menu's own scroll, so the page does not move).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    const nav = menu.current
    const active = nav?.querySelector<HTMLElement>('[data-status="active"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2
  }, [pathname])
  // Moving to another page in the app (a menu entry, Select on a quote option), the focus goes to the new
  // page's heading, as a page load would start there: a screen reader announces it, Tab continues from it.
  // Not on the first page, where the browser's own start (or the page's, /login's field) stands.
  // The page is the resolved one: the address changes as a navigation starts, while the previous page (or
  // the new one's code still loading) is on screen; focusing then would focus a heading about to go.
  const main = useRef<HTMLElement>(null)
  const shownPath = useRef(pathname)
  const resolvedPath = useRouterState({ select: (state) => state.resolvedLocation?.pathname })
  useEffect(() => {
    if (resolvedPath === undefined || shownPath.current === resolvedPath) return
    shownPath.current = resolvedPath
    const heading = main.current?.querySelector<HTMLElement>('h1')
    const target = heading ?? main.current
    if (!target) return
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
    target.focus({ preventScroll: true })
  }, [resolvedPath])
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <header className={styles.topBar}>
        <Link to="/user/home" className={styles.brand}>
          {BRAND}
        </Link>
        <p className={styles.pageTitle} data-testid="page-title">
          {current ? userPages[current].title : subPageTitle(pathname, notFound)}
        </p>
        <UserMenu />
      </header>
      <nav ref={menu} className={styles.sideMenu} aria-label="Account">
        <ul className={styles.menuList}>
          {entries.map((path) => (
            <li key={path}>
              <Link to={path} className={styles.menuLink}>
                {userPages[path].title}
                {path === '/user/quotation' ? <UnreadBadge counts={unread} type="quote" /> : null}
                {path === '/user/bookings' ? <UnreadBadge counts={unread} type="booking" /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main ref={main} id="main" className={styles.content} tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
