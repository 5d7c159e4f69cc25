import { ContentPage, DataTable } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { tradelanesPage } from '../../content/pages'
import * as styles from './site.css'

const laneTable = {
  caption: 'Main lanes from Singapore: gateways and indicative transit times',
  columns: ['Destination', 'Region', 'Seaports', 'Ocean transit', 'Airports', 'Air transit'],
  rows: tradelanesPage.lanes.map((lane) => [
    lane.destination,
    lane.region,
    lane.seaports.join(', '),
    lane.oceanTransit,
    lane.airports.join(', '),
    lane.airTransit,
  ]),
}

/** /info/tradelanes: the lanes table with its disclaimer, then the notes. */
export function TradelanesPageView() {
  return (
    <ContentPage
      page={tradelanesPage}
      before={
        <section id="lanes" className={page.section} aria-labelledby="lanes-heading">
          <h2 id="lanes-heading" className={page.sectionHeading}>
            Our main lanes
          </h2>
          <DataTable table={laneTable} />
          <p className={styles.muted}>{tradelanesPage.disclaimer}</p>
        </section>
      }
    />
  )
}
