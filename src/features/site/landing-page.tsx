import { ContentPage, ItemList } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { QuoteForm } from '../../components/page/quote-form'
import { quoteStrip } from '../../content/home'
import { landingPage } from '../../content/pages'
import * as styles from './site.css'

/** /info/landing: the first-LCL offer, the four promises and the quote request. */
export function LandingPageView() {
  const { offer, benefits, formHeading } = landingPage
  return (
    <ContentPage
      page={landingPage}
      before={
        <>
          <section id="offer" className={styles.offer} aria-labelledby="offer-heading">
            <div>
              <h2 id="offer-heading" className={styles.offerHeading}>
                {offer.heading}
              </h2>
              <p>{offer.text}</p>
            </div>
            <div className={styles.quotePanel}>
              <h2 id="quote-heading" className={page.itemTitle}>
                {formHeading}
              </h2>
              <QuoteForm strip={quoteStrip} labelledBy="quote-heading" idPrefix="landing-quote" />
            </div>
          </section>
          <section id="benefits" className={page.section} aria-labelledby="benefits-heading">
            <h2 id="benefits-heading" className={page.sectionHeading}>
              Why request your quote from eShip
            </h2>
            <ItemList items={benefits} />
          </section>
        </>
      }
    >
      <section id="offer-terms" className={page.section} aria-labelledby="offer-terms-heading">
        <h2 id="offer-terms-heading" className={page.sectionHeading}>
          Offer terms
        </h2>
        <ol className={styles.terms}>
          {offer.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>
    </ContentPage>
  )
}
