import { Link } from '@tanstack/react-router'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { headerActions, headerNav } from '../../content/navigation'
import type { NavItem } from '../../content/types'
import * as styles from './header.css'

function MenuLinks({
  items,
  onNavigate,
  depth = 0,
}: {
  items: NavItem[]
  onNavigate: () => void
  depth?: number
}) {
  return (
    <ul className={depth === 0 ? styles.mobileList : styles.mobileSubList}>
      {items.map((item) => (
        <li key={item.href}>
          <Link to={item.href as '/'} className={styles.mobileLink} onClick={onNavigate}>
            {item.label}
          </Link>
          {item.children ? (
            <MenuLinks items={item.children} onNavigate={onNavigate} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * The slide-in menu under 768 px: a modal dialog, so focus stays inside it until it closes (Escape, the
 * close button, a tap outside or following a link), then returns to the menu button.
 */
export default function MobileMenu({
  isOpen,
  onOpenChange,
  showQuoteLink,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  showQuoteLink: boolean
}) {
  const close = () => onOpenChange(false)
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.mobileOverlay}>
      <Modal className={styles.mobileModal}>
        <Dialog className={styles.mobileDialog} aria-labelledby="mobile-menu-heading">
          <div className={styles.mobileTop}>
            <Heading slot="title" id="mobile-menu-heading" className={styles.mobileHeading}>
              Menu
            </Heading>
            <button type="button" className={styles.mobileClose} onClick={close} aria-label="Close menu">
              <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </div>
          <nav aria-label="Main">
            <MenuLinks items={headerNav} onNavigate={close} />
          </nav>
          <div className={styles.mobileActions}>
            {showQuoteLink ? (
              <Link to="/info/landing" className={styles.quoteLink} onClick={close}>
                {headerActions.requestQuote.label}
              </Link>
            ) : null}
            <Link to="/login" className={styles.button} onClick={close}>
              {headerActions.login.label}
            </Link>
            <Link to="/register" className={styles.buttonPrimary} onClick={close}>
              {headerActions.register.label}
            </Link>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
