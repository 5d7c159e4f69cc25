import { createFileRoute, Link } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import * as styles from '../../../components/page/planned-page.css'

const info = publicPages['/contact-us/thank-you']

export const Route = createFileRoute('/_public/contact-us/thank-you')({
  head: () => headOf(info),
  component: () => (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>
        Thank you for your enquiry. One of our agents will get back to you shortly.
      </p>
      <p>
        <Link to="/home">Back to the home page</Link>
      </p>
    </article>
  ),
})
