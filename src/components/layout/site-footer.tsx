import { Link, useLocation } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { BRAND, TAGLINE } from '../../app/pages'
import * as styles from './layout.css'

// The enquiry form (its chart, rules and widgets) loads after the page, not with it.
const ContactForm = lazy(() =>
  import('../../features/contact/contact-form').then((module) => ({ default: module.ContactForm })),
)

export const COPYRIGHT_YEAR = 2025

/** The public footer. */
export function SiteFooter() {
  const onContactPage = useLocation({ select: (location) => location.pathname.startsWith('/contact-us') })
  return (
    <footer id="site-footer" className={styles.footer}>
      {onContactPage ? null : (
        <section className={styles.footerForm} aria-labelledby="footer-enquiry">
          <h2 id="footer-enquiry">Get In Touch</h2>
          <Suspense fallback={null}>
            <ContactForm idPrefix="footer" tone="dark" />
          </Suspense>
        </section>
      )}
      <div className={styles.footerInner}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{BRAND}</h2>
          <p>
            {TAGLINE} for businesses: ocean FCL and LCL, air freight, customs clearance and cargo insurance.
          </p>
        </section>
        <nav aria-label="Services">
          <ul className={styles.footerList}>
            <li>
              <Link to="/services/ocean-freight" className={styles.footerLink}>
                Ocean Freight
              </Link>
            </li>
            <li>
              <Link to="/services/air-freight" className={styles.footerLink}>
                Air Freight
              </Link>
            </li>
            <li>
              <Link to="/services/custom-clearance" className={styles.footerLink}>
                Customs Clearance
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Information">
          <ul className={styles.footerList}>
            <li>
              <Link to="/info/privacy-policy" className={styles.footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/info/terms-conditions" className={styles.footerLink}>
                Terms and Conditions
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>
        © {COPYRIGHT_YEAR} {BRAND}. All rights reserved.
      </p>
    </footer>
  )
}
