import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ContentReady } from '../app/hydration'
import * as styles from '../components/layout/layout.css'
import { SiteHeader } from '../components/layout/site-header'
import { WhatsAppButton } from '../components/layout/whatsapp-button'

/** Login, register and the pages of mailed links: the public header but no footer. */
export const Route = createFileRoute('/_auth')({
  // Their forms need the actors and the API client: created before the page renders or hydrates.
  beforeLoad: async ({ context }) => {
    await context.ready()
  },
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
