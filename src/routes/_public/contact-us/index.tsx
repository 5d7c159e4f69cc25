import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ContactDetails } from '../../../components/layout/contact-details'
import * as styles from '../../../components/page/planned-page.css'
import { site } from '../../../content/site'
import { ContactForm } from '../../../features/contact/contact-form'
import * as contactStyles from '../../../features/contact/contact-page.css'

const info = publicPages['/contact-us']

export const Route = createFileRoute('/_public/contact-us/')({
  head: () => headOf(info),
  component: ContactPage,
})

function ContactPage() {
  return (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>
        Tell us what you are shipping and where. Our team replies within one business day, and support is
        available {site.supportHours}.
      </p>
      <ContactForm idPrefix="contact" />
      <section aria-labelledby="contact-other-ways" className={contactStyles.otherWays}>
        <h2 id="contact-other-ways">Other ways to reach us</h2>
        <p>
          Our support team is available {site.supportHours} by email, phone and WhatsApp. For an existing
          booking, please quote your house bill of lading number so that we can find it quickly.
        </p>
        <ContactDetails
          classes={{ address: contactStyles.details, line: contactStyles.line, list: contactStyles.list }}
        />
      </section>
    </article>
  )
}
