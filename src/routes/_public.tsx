import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ContentReady } from '../app/hydration'
import * as styles from '../components/layout/layout.css'
import { ScrollToTop } from '../components/layout/scroll-to-top'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { WhatsAppButton } from '../components/layout/whatsapp-button'

/** Public pages: header, footer and the floating buttons. */
export const Route = createFileRoute('/_public')({
  component: PublicLayout,
})

function PublicLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <ContentReady />
      <SiteFooter />
      <ScrollToTop />
      <WhatsAppButton />
    </>
  )
}
