import { createFileRoute, Outlet } from '@tanstack/react-router'
import { lazy } from 'react'
import { ContentReady } from '../app/hydration'
import * as styles from '../components/layout/layout.css'
import { ScrollToTop } from '../components/layout/scroll-to-top'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { WhatsAppButton } from '../components/layout/whatsapp-button'

// The footer's enquiry form (its chart, rules and widgets) loads after the page, not with it: the footer
// renders it only once it comes near or the page has settled.
const ContactForm = lazy(() =>
  import('../features/contact/contact-form').then((module) => ({ default: module.ContactForm })),
)
const footerForm = <ContactForm idPrefix="footer" tone="dark" />

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
      <SiteFooter enquiryForm={footerForm} />
      <ScrollToTop />
      <WhatsAppButton />
    </>
  )
}
