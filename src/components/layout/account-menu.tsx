import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import * as styles from './user-shell.css'

/**
 * The top bar's account menu (user-menu.tsx shows it when its native button is first pressed): it opens at
 * once, its own button holding the focus, so closing the menu returns the focus there.
 */
export default function AccountMenu({
  label,
  face,
  loggingOut,
  onLogout,
}: {
  label: string
  face: ReactNode
  loggingOut: boolean
  onLogout: () => void
}) {
  const button = useRef<HTMLButtonElement>(null)
  const [isOpen, setOpen] = useState(false)
  // Focus first, then open: the menu gives the focus back, on closing, to what held it when it opened.
  useEffect(() => {
    button.current?.focus()
    setOpen(true)
  }, [])
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={button} className={styles.userButton} aria-label={label}>
        {face}
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu
          className={styles.menu}
          onAction={(key) => {
            if (key === 'logout') onLogout()
          }}
        >
          <MenuItem id="logout" className={styles.menuItem} isDisabled={loggingOut}>
            Logout
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
