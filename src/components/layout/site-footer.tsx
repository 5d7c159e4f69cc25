import { Link, useLocation } from '@tanstack/react-router'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { footerNav } from '../../content/navigation'
import { site } from '../../content/site'
import { ContactDetails } from './contact-details'
import * as styles from './layout.css'

export const COPYRIGHT_YEAR = site.footer.copyrightYear

/** How long after the page settles the footer form loads if it was not scrolled to. */
const FORM_IDLE_DELAY_MS = 3_000

/** True once the element comes within a screen or so of the viewport, or a few seconds after the page settles. */
function useNearOrIdle(margin = '600px 0px') {
  const ref = useRef<HTMLElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    const timer = window.setTimeout(() => setNear(true), FORM_IDLE_DELAY_MS)
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
  }, [near, margin])
  return [ref, near] as const
}

/**
 * The public footer (spec section 2): about, links, contact details, copyright and the enquiry form, which the
 * route's layout hands in (`enquiryForm`, a lazily loaded component: the footer imports no feature).
 */
export function SiteFooter({ enquiryForm }: { enquiryForm: ReactNode }) {
  const onContactPage = useLocation({ select: (location) => location.pathname.startsWith('/contact-us') })
  const { footer, social } = site
  // The form's code (widgets, rules, country flags) loads as the footer comes near or once the page has
  // settled, not with the page.
  const [formRef, formNear] = useNearOrIdle()
  return (
    <footer id="site-footer" className={styles.footer}>
      {onContactPage ? null : (
        <section ref={formRef} className={styles.footerForm} aria-labelledby="footer-enquiry">
          <h2 id="footer-enquiry">{footer.enquiryHeading}</h2>
          {formNear ? <Suspense fallback={null}>{enquiryForm}</Suspense> : null}
        </section>
      )}
      <div className={styles.footerInner}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.footerHeading}>
            {site.brand}
          </h2>
          <p className={styles.footerText}>{footer.about}</p>
          <ul className={styles.socialList} aria-label="Social media">
            {social.links.map((link) => (
              <li key={link.network}>
                <a href={link.href} className={styles.socialLink} rel="noopener" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        {footerNav.map((group) => (
          <nav key={group.id} aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`} className={styles.footerHeading}>
              {group.heading}
            </h2>
            <ul className={styles.footerList}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href as '/'} className={styles.footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.footerHeading}>
            {footer.contactHeading}
          </h2>
          <ContactDetails
            classes={{
              address: styles.footerAddress,
              line: styles.line,
              link: styles.footerLink,
              list: styles.footerList,
            }}
          />
        </section>
      </div>
      <p className={styles.copyright}>
        <span className={styles.line}>{footer.copyright}</span>
        <span className={styles.line}>{footer.registration}</span>
      </p>
    </footer>
  )
}
