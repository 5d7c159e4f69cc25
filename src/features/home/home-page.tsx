import { Link } from '@tanstack/react-router'
import { ContentLink } from '../../components/page/content-link'
import { CardGrid, ItemList } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { QuoteForm } from '../../components/page/quote-form'
import { homePage } from '../../content/home'
import type { PointsBlock } from '../../content/types'
import { CarrierStrip } from './carrier-strip'
import { HeroCarousel } from './hero-carousel'
import * as styles from './home.css'
import { WorldMap } from './world-map'

function Band({
  id,
  heading,
  intro,
  alt = false,
  children,
}: {
  id: string
  heading: string
  intro?: string
  alt?: boolean
  children?: React.ReactNode
}) {
  return (
    <section id={id} className={alt ? styles.bandAlt : styles.band} aria-labelledby={`${id}-heading`}>
      <div className={styles.bandInner}>
        <h2 id={`${id}-heading`} className={styles.bandHeading}>
          {heading}
        </h2>
        {intro ? <p className={styles.bandIntro}>{intro}</p> : null}
        {children}
      </div>
    </section>
  )
}

const Points = ({ block, id, alt }: { block: PointsBlock; id: string; alt?: boolean }) => (
  <Band id={id} heading={block.heading} intro={block.intro} alt={alt}>
    <ItemList items={block.points} />
  </Band>
)

/** /home, in the order of spec section 2. */
export function HomePage() {
  const home = homePage
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.eyebrow}>{home.h1}</h1>
          <HeroCarousel slides={home.heroSlides} label="Highlights" />
        </div>
        <div className={styles.quoteStrip}>
          <h2 id="quote-strip-heading" className={page.itemTitle}>
            Get a quote
          </h2>
          <QuoteForm
            strip={home.quoteStrip}
            idPrefix="home-quote"
            labelledBy="quote-strip-heading"
            tone="raised"
          />
        </div>
        <p className={styles.partnerLink}>
          <ContentLink href={home.partnerPlatformLink.href} className={styles.partnerAnchor}>
            {home.partnerPlatformLink.label}
          </ContentLink>
        </p>
      </div>

      <Points id="why-choose-us" block={home.whyChooseUs} />

      <Band id="how-it-works" heading={home.howItWorks.heading} intro={home.howItWorks.intro} alt>
        <ol className={styles.steps}>
          {home.howItWorks.steps.map((step) => (
            <li key={step.step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {step.step}
              </span>
              <h3 className={page.itemTitle}>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Band>

      <Band id="services" heading={home.services.heading} intro={home.services.intro}>
        <CardGrid cards={home.services.cards} />
      </Band>

      <section id="offer" className={styles.offerWrap} aria-labelledby="offer-heading">
        <div className={styles.offer}>
          <div>
            <h2 id="offer-heading" className={styles.offerHeading}>
              {home.offerBlock.heading}
            </h2>
            <p>{home.offerBlock.text}</p>
          </div>
          <ContentLink href={home.offerBlock.cta.href} className={page.buttonLink({ tone: 'light' })}>
            {home.offerBlock.cta.label}
          </ContentLink>
        </div>
      </section>

      <Band id="about" heading={home.aboutBlock.heading}>
        <div className={styles.about}>
          {home.aboutBlock.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ContentLink href={home.aboutBlock.cta.href} className={page.buttonLink({ tone: 'outline' })}>
          {home.aboutBlock.cta.label}
        </ContentLink>
      </Band>

      <Points id="advantages" block={home.advantages} alt />

      <Band id="countries" heading={home.countries.heading} intro={home.countries.text}>
        <WorldMap countries={home.countries.list} label={home.countries.heading} />
      </Band>

      <Band id="carriers" heading={home.carriers.heading} intro={home.carriers.text} alt>
        <CarrierStrip carriers={home.carriers.list} />
        <p className={styles.disclaimer}>{home.carriers.disclaimer}</p>
      </Band>

      <section id="enrol" className={styles.enrol} aria-labelledby="enrol-heading">
        <h2 id="enrol-heading" className={styles.enrolHeading}>
          {home.enrolCta.heading}
        </h2>
        <p className={styles.enrolText}>{home.enrolCta.text}</p>
        <div className={styles.enrolActions}>
          <Link to="/register" className={page.buttonLink({ tone: 'primary' })}>
            {home.enrolCta.primary.label}
          </Link>
          <Link to="/login" className={page.buttonLink({ tone: 'light' })}>
            {home.enrolCta.secondary.label}
          </Link>
        </div>
      </section>

      <Band id="blog" heading={home.blog.heading}>
        <ul className={page.cards} aria-label={home.blog.heading}>
          {home.blog.teasers.map((teaser) => (
            <li key={teaser.slug} className={page.card} data-testid="blog-teaser">
              <h3 className={page.cardTitle}>
                <Link to="/info/blogs/$slug" params={{ slug: teaser.slug }} className={page.cardLink}>
                  {teaser.title}
                </Link>
              </h3>
              <p className={page.cardText}>{teaser.excerpt}</p>
            </li>
          ))}
        </ul>
        <ContentLink href={home.blog.cta.href} className={page.buttonLink({ tone: 'outline' })}>
          {home.blog.cta.label}
        </ContentLink>
      </Band>
    </>
  )
}
