import type { ServicePage } from '../../content/types'
import { ContentPage, FaqList, LinkList } from './content-page'
import * as styles from './page.css'

/** A service page: its sections, its questions and answers, and related services. */
export function ServicePageView({ page }: { page: ServicePage }) {
  return (
    <ContentPage page={page}>
      {page.faqs.length ? (
        <section id="faqs" className={styles.section} aria-labelledby="faqs-heading">
          <h2 id="faqs-heading" className={styles.sectionHeading}>
            Common questions
          </h2>
          <FaqList faqs={page.faqs} />
        </section>
      ) : null}
      {page.related.length ? (
        <section id="related" className={styles.section} aria-labelledby="related-heading">
          <h2 id="related-heading" className={styles.sectionHeading}>
            Related services
          </h2>
          <LinkList links={page.related} />
        </section>
      ) : null}
    </ContentPage>
  )
}
