import { createFileRoute, Outlet } from '@tanstack/react-router'
import * as styles from '../components/layout/layout.css'
import { SiteHeader } from '../components/layout/site-header'
import { WhatsAppButton } from '../components/layout/whatsapp-button'

/** Login and register: the public header but no footer. */
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
      <WhatsAppButton />
    </>
  )
}
