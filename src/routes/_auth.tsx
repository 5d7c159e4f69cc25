import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ContentReady } from '../app/hydration'
import * as styles from '../components/layout/layout.css'
import { SiteHeader } from '../components/layout/site-header'
import { WhatsAppButton } from '../components/layout/whatsapp-button'

/**
 * Login, register and the pages of mailed links: the public header but no footer. /login and /register
 * hydrate before the actors exist (their charts reach them when they act); the pages of mailed links are
 * rendered in the browser with them (`withActors`).
 */
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
})

function AuthLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <ContentReady />
      <WhatsAppButton />
    </>
  )
}
