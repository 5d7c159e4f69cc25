import { createFileRoute, Outlet } from '@tanstack/react-router'
import * as styles from '../components/layout/layout.css'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'

/** Public pages: header and footer. */
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
      <SiteFooter />
    </>
  )
}
