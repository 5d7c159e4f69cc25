import { formatDate } from '../../app/format'
import type { LegalPage } from '../../content/types'
import { ContentPage } from './content-page'
import * as styles from './page.css'

/** A legal page: the date it was last updated, a table of contents, then its numbered sections. */
export function LegalPageView({ page }: { page: LegalPage }) {
  return (
    <ContentPage
      page={page}
      heroExtra={
        <p className={styles.meta}>
          Last updated <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
        </p>
      }
      before={
        <nav className={styles.toc} aria-label="Contents">
          <ol>
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      }
    />
  )
}
