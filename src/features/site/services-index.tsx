import { CardGrid, ContentPage } from '../../components/page/content-page'
import { servicesPage } from '../../content/services/overview'

/** /services: a card for each service, then the ocean freight options. */
export function ServicesIndex() {
  return <ContentPage page={servicesPage} before={<CardGrid cards={servicesPage.cards} headingLevel={2} />} />
}
