import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { useApp } from '../../app/use-app'
import { Flag } from './flag'
import * as styles from './user-shell.css'

let regionNames: Intl.DisplayNames | undefined
function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
  return regionNames.of(code) ?? code
}

/**
 * The name of a country, once the page has shown: Intl's region names start the browser's ICU (100 to 250 ms
 * of a phone's main thread), which the first paint of the customer area should not wait for (issue 37). The
 * flag has no name (decorative) until then.
 */
function useCountryName(code: string | null): string {
  const [name, setName] = useState<{ code: string; name: string } | null>(null)
  useEffect(() => {
    if (code) setName({ code, name: countryName(code) })
  }, [code])
  return name && name.code === code ? name.name : ''
}

/** "Demo Customer" → "DC": what a narrow top bar shows for the name. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')

/** The top bar's user: name, the flag of their country and a dropdown with Logout. */
export function UserMenu() {
  const { session } = useApp()
  const user = useSelector(session, (s) => s.context.user)
  const loggingOut = useSelector(session, (s) => s.matches({ auth: 'loggingOut' }))
  const country = useCountryName(user?.mcou_code ?? null)
  if (!user) return null
  const initials = initialsOf(user.esus_name)
  return (
    <div className={styles.user}>
      <Flag code={user.mcou_code} name={country} className={styles.flag} />
      <MenuTrigger>
        {/* The name holds what the button shows at every width (the initials on a phone), so a person who
            reads it aloud to voice control names it. */}
        <Button className={styles.userButton} aria-label={`Account menu for ${user.esus_name} (${initials})`}>
          <span className={styles.userName}>{user.esus_name}</span>
          <span className={styles.initials} aria-hidden="true">
            {initials}
          </span>
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className={styles.popover} placement="bottom end">
          <Menu
            className={styles.menu}
            onAction={(key) => {
              if (key === 'logout') session.send({ type: 'user.logout' })
            }}
          >
            <MenuItem id="logout" className={styles.menuItem} isDisabled={loggingOut}>
              Logout
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  )
}
