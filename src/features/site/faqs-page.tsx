import { ContentPage, FaqList } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { faqsPage } from '../../content/pages'

/** /info/faqs: the questions by topic, with a contents list of the topics. */
export function FaqsPageView() {
  return (
    <ContentPage
      page={faqsPage}
      before={
        <>
          <nav className={page.toc} aria-label="Topics">
            <ol>
              {faqsPage.groups.map((group) => (
                <li key={group.id}>
                  <a href={`#${group.id}`}>{group.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {faqsPage.groups.map((group) => (
            <section
              key={group.id}
              id={group.id}
              className={page.section}
              aria-labelledby={`${group.id}-heading`}
            >
              <h2 id={`${group.id}-heading`} className={page.sectionHeading}>
                {group.heading}
              </h2>
              <FaqList faqs={group.faqs} />
            </section>
          ))}
        </>
      }
    />
  )
}
