import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import * as styles from '../../../components/page/planned-page.css'
import { ContactForm } from '../../../features/contact/contact-form'

const info = publicPages['/contact-us']

export const Route = createFileRoute('/_public/contact-us/')({
  // The form needs the actors and the API client: created before the page renders or hydrates.
  beforeLoad: async ({ context }) => {
    await context.ready()
  },
  head: () => headOf(info),
  component: ContactPage,
})

function ContactPage() {
  return (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>
        Tell us what you are shipping and where. Our team replies within one business day, and support is
        available 24x7.
      </p>
      <ContactForm idPrefix="contact" />
    </article>
  )
}
