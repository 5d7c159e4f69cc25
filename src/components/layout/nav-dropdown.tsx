import { Link, useLocation } from '@tanstack/react-router'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import type { NavItem } from '../../content/types'
import * as styles from './header.css'

/** Spec section 9: a dropdown closes this long after the pointer leaves it. */
export const DROPDOWN_CLOSE_DELAY_MS = 100

const linksIn = (element: HTMLElement | null) =>
  element ? Array.from(element.querySelectorAll<HTMLAnchorElement>('a[href]')) : []

/**
 * A header entry with a dropdown (the disclosure navigation pattern): its label links to the section's page,
 * the chevron button beside it opens the list of pages. Pointer hover opens it and leaving closes it after
 * 100 ms; click toggles; ArrowDown opens and moves into it, arrows move between its links, Escape closes.
 */
export function NavDropdown({
  item,
  onOpenChange,
}: {
  item: NavItem
  onOpenChange?: (open: boolean) => void
}) {
  const [open, setOpenState] = useState(false)
  const closeTimer = useRef<number | undefined>(undefined)
  // A click on a dropdown the pointer has just opened keeps it open rather than closing it at once.
  const openedByHover = useRef(false)
  const panel = useRef<HTMLUListElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const setOpen = (value: boolean) => {
    if (!value) openedByHover.current = false
    setOpenState(value)
    onOpenChange?.(value)
  }
  const cancelClose = () => window.clearTimeout(closeTimer.current)
  const closeLater = () => {
    cancelClose()
    closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS)
  }
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  // Following a link closes the dropdown. Not on the first render: a dropdown opened between the commit
  // that hydrated it and its effects (a hover before hydration, handed over then) stays open.
  const pathname = useLocation({ select: (location) => location.pathname })
  const shownOn = useRef(pathname)
  useEffect(() => {
    if (shownOn.current === pathname) return
    shownOn.current = pathname
    window.clearTimeout(closeTimer.current)
    setOpenState(false)
  }, [pathname])

  const focusLink = (index: number) => {
    const links = linksIn(panel.current)
    links[(index + links.length) % links.length]?.focus()
  }
  const openAndFocus = (index: number) => {
    setOpen(true)
    // The panel renders on the next frame; focus once it is in the page.
    window.requestAnimationFrame(() => focusLink(index))
  }

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      openAndFocus(0)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openAndFocus(-1)
    }
  }

  const onPanelKeyDown = (event: KeyboardEvent) => {
    const links = linksIn(panel.current)
    const index = links.indexOf(document.activeElement as HTMLAnchorElement)
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 }
    if (event.key in moves) {
      event.preventDefault()
      focusLink(moves[event.key] as number)
    }
  }

  return (
    <li
      className={styles.dropdown}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return
        cancelClose()
        if (!open) openedByHover.current = true
        setOpen(true)
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') closeLater()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          setOpen(false)
          toggle.current?.focus()
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
      data-open={open || undefined}
    >
      <Link to={item.href as '/'} className={styles.navLink} onKeyDown={onTriggerKeyDown}>
        {item.label}
      </Link>
      <button
        ref={toggle}
        type="button"
        className={styles.chevron}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${item.label} menu`}
        onClick={() => {
          cancelClose()
          const hovered = openedByHover.current
          openedByHover.current = false
          setOpen(hovered ? true : !open)
        }}
        onKeyDown={onTriggerKeyDown}
      >
        <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul ref={panel} id={panelId} className={styles.panel} hidden={!open} onKeyDown={onPanelKeyDown}>
        {item.children?.map((child) => (
          <li key={child.href}>
            <Link to={child.href as '/'} className={styles.panelLink}>
              {child.label}
            </Link>
            {child.children ? (
              <ul className={styles.subPanel} aria-label={`${child.label} options`}>
                {child.children.map((grandchild) => (
                  <li key={grandchild.href}>
                    <Link to={grandchild.href as '/'} className={styles.subPanelLink}>
                      {grandchild.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </li>
  )
}
