import { Link } from '@tanstack/react-router'
import { BRAND } from '../../app/pages'
import * as styles from './layout.css'

const links = [
  { to: '/home', label: 'Home' },
  { to: '/about-us', label: 'About Us' },
  { to: '/services', label: 'Services' },
  { to: '/info', label: 'Info' },
  { to: '/contact-us', label: 'Contact Us' },
] as const

/** The public header. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <div className={styles.headerInner}>
        <Link to="/home" className={styles.brand}>
          {BRAND}
        </Link>
        <nav aria-label="Main">
          <ul className={styles.navList}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.navLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <Link to="/login" className={styles.button}>
            Login
          </Link>
          <Link to="/register" className={styles.buttonPrimary}>
            Register
          </Link>
        </div>
      </div>
    </header>
  )
}
