import { Link, useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { headerActions, headerNav } from '../../content/navigation'
import { site } from '../../content/site'
import * as styles from './header.css'
import { NavDropdown } from './nav-dropdown'
import { useHeaderScroll } from './use-header-scroll'

const loadMobileMenu = () => import('./mobile-menu')
// The slide-in menu loads when first wanted, not with the page.
const MobileMenu = lazy(loadMobileMenu)

/** The public header (spec section 2): menus, account buttons and the request-a-quote link. */
export function SiteHeader() {
  const { scrolled, hidden } = useHeaderScroll()
  const [dropdownOpen, setDropdownOpen] = useState(false)
  const [focusInside, setFocusInside] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuWanted, setMenuWanted] = useState(false)
  const showQuoteLink = useLocation({
    select: (location) => location.pathname !== headerActions.requestQuote.href,
  })
  // The header stays while someone is using it.
  const stepAside = hidden && !dropdownOpen && !focusInside && !menuOpen

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: tracks focus within, so the header stays while in use
    <header
      className={styles.header}
      data-scrolled={scrolled || undefined}
      data-hidden={stepAside || undefined}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false)
      }}
    >
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <div className={styles.headerInner}>
        <Link to="/home" className={styles.brand}>
          {site.brand}
          <span className={styles.tagline}>{site.tagline}</span>
        </Link>
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.navList}>
            {headerNav.map((item) =>
              item.children ? (
                <NavDropdown key={item.href} item={item} onOpenChange={setDropdownOpen} />
              ) : (
                <li key={item.href}>
                  <Link to={item.href as '/'} className={styles.navLink}>
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className={styles.actions}>
          {showQuoteLink ? (
            <Link to="/info/landing" className={styles.quoteLink}>
              {headerActions.requestQuote.label}
            </Link>
          ) : null}
          <Link to="/login" className={styles.button}>
            {headerActions.login.label}
          </Link>
          <Link to="/register" className={styles.buttonPrimary}>
            {headerActions.register.label}
          </Link>
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuWanted(true)
            setMenuOpen(true)
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
            <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" />
          </svg>
          Menu
        </button>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu isOpen={menuOpen} onOpenChange={setMenuOpen} showQuoteLink={showQuoteLink} />
        </Suspense>
      ) : null}
    </header>
  )
}
