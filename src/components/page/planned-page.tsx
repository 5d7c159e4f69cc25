import type { PageInfo } from '../../app/pages'
import * as styles from './planned-page.css'

/** A page whose route, title and heading exist while its full content is still being written. */
export function PlannedPage({ info }: { info: PageInfo }) {
  return (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>{info.description}</p>
      <p className={styles.planned} data-planned="">
        The full content of this page is being prepared and will be published here soon.
      </p>
    </article>
  )
}
