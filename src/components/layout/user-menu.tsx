import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { whenContentShown } from '../../app/hydration'
import { whenIdle, whenSettled } from '../../app/settled'
import { useApp } from '../../app/use-app'
import { Flag } from './flag'
import * as styles from './user-shell.css'

let regionNames: Intl.DisplayNames | undefined
function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
  return regionNames.of(code) ?? code
}

/**
 * The name of a country, once the page's content has shown and the main thread is idle: Intl's region names
 * start the browser's ICU (100 to 250 ms of a phone's main thread), which the customer area's heading should
 * not wait for (issue 37). The flag has no name (decorative) until then; on later pages it has it at once.
 */
function useCountryName(code: string | null): string {
  const [name, setName] = useState<{ code: string; name: string } | null>(null)
  useEffect(() => {
    if (!code) return
    if (regionNames) {
      setName({ code, name: countryName(code) })
      return
    }
    let live = true
    void whenContentShown().then(() =>
      whenIdle(() => {
        if (live) setName({ code, name: countryName(code) })
      }),
    )
    return () => {
      live = false
    }
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

/** The account menu itself (React Aria's menu, trigger and popover), fetched once the page has settled. */
const loadMenu = () => import('./account-menu')
const AccountMenu = lazy(loadMenu)

/**
 * The top bar's user: name, the flag of their country and a dropdown with Logout. The dropdown's code is not
 * part of the customer area's first screen (issue 37): until the button is first pressed it is a native one
 * that looks the same, and that press opens the menu (as soon as its code has loaded, usually before).
 */
export function UserMenu() {
  const { session } = useApp()
  const user = useSelector(session, (s) => s.context.user)
  const loggingOut = useSelector(session, (s) => s.matches({ auth: 'loggingOut' }))
  const country = useCountryName(user?.mcou_code ?? null)
  // The menu's code is fetched once the page has settled or the visitor acts, and takes over from the native
  // button when that is pressed: in answer to the click, never between a press and its release.
  const [pressed, setPressed] = useState(false)
  useEffect(() => {
    whenSettled(() => void loadMenu())
  }, [])
  if (!user) return null
  const initials = initialsOf(user.esus_name)
  // The name holds what the button shows at every width (the initials on a phone), so a person who reads it
  // aloud to voice control names it.
  const label = `Account menu for ${user.esus_name} (${initials})`
  const face: ReactNode = (
    <>
      <span className={styles.userName}>{user.esus_name}</span>
      <span className={styles.initials} aria-hidden="true">
        {initials}
      </span>
      <span aria-hidden="true">▾</span>
    </>
  )
  const waiting = (
    <button
      type="button"
      className={styles.userButton}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={pressed}
      onClick={() => setPressed(true)}
    >
      {face}
    </button>
  )
  return (
    <div className={styles.user}>
      <Flag code={user.mcou_code} name={country} className={styles.flag} />
      {pressed ? (
        <Suspense fallback={waiting}>
          <AccountMenu
            label={label}
            face={face}
            loggingOut={loggingOut}
            onLogout={() => session.send({ type: 'user.logout' })}
          />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  )
}
