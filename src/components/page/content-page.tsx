import type { ReactNode } from 'react'
import type { Faq, Item, Link, LinkCard, Page, Section, Table } from '../../content/types'
import { ContentLink } from './content-link'
import * as styles from './page.css'

/** The top of a page: its one h1 and the intro paragraphs. */
export function PageHero({
  heading,
  intro,
  children,
}: {
  heading: string
  intro: string[]
  children?: ReactNode
}) {
  return (
    <header className={styles.hero}>
      <div className={styles.heroInner}>
        <h1 className={styles.title}>{heading}</h1>
        {intro.map((paragraph) => (
          <p key={paragraph} className={styles.lead}>
            {paragraph}
          </p>
        ))}
        {children}
      </div>
    </header>
  )
}

export function ItemList({ items }: { items: Item[] }) {
  return (
    <ul className={styles.items}>
      {items.map((item) => (
        <li key={item.title} className={styles.item}>
          <h3 className={styles.itemTitle}>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  )
}

export function LinkList({ links, label }: { links: Link[]; label?: string }) {
  return (
    <ul className={styles.linkList} aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <ContentLink href={link.href} className={styles.chipLink}>
            {link.label}
          </ContentLink>
        </li>
      ))}
    </ul>
  )
}

export function DataTable({ table }: { table: Table }) {
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className={styles.tableWrap} tabIndex={0} aria-label={table.caption}>
        <table className={styles.table}>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={table.columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={table.columns[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {table.notes?.map((note) => (
        <p key={note} className={styles.notes}>
          {note}
        </p>
      ))}
    </>
  )
}

/** One section of a content page, its heading an h2 and its id an anchor. */
export function SectionBlock({ section }: { section: Section }) {
  const headingId = `${section.id}-heading`
  return (
    <section id={section.id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {section.heading}
      </h2>
      <div className={styles.prose}>
        {section.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {section.items ? <ItemList items={section.items} /> : null}
      {section.table ? <DataTable table={section.table} /> : null}
      {section.links ? <LinkList links={section.links} label={`${section.heading}: links`} /> : null}
    </section>
  )
}

export function CardGrid({ cards, headingLevel = 3 }: { cards: LinkCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className={styles.cards}>
      {cards.map((card) => (
        <li key={card.href} className={styles.card}>
          <Heading className={styles.cardTitle}>
            <ContentLink href={card.href} className={styles.cardLink}>
              {card.title}
            </ContentLink>
          </Heading>
          <p className={styles.cardText}>{card.text}</p>
        </li>
      ))}
    </ul>
  )
}

export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className={styles.faqs}>
      {faqs.map((faq) => (
        <details key={faq.question} className={styles.faq}>
          <summary className={styles.faqQuestion}>{faq.question}</summary>
          <p className={styles.faqAnswer}>{faq.answer}</p>
        </details>
      ))}
    </div>
  )
}

export function CtaRow({ ctas }: { ctas: Link[] }) {
  return (
    <div className={styles.ctaRow}>
      {ctas.map((cta, index) => (
        <ContentLink
          key={cta.href}
          href={cta.href}
          className={styles.buttonLink({ tone: index === 0 ? 'primary' : 'outline' })}
        >
          {cta.label}
        </ContentLink>
      ))}
    </div>
  )
}

/** A whole content page: hero, sections, anything extra, then the calls to action. */
export function ContentPage({
  page,
  before,
  children,
  heroExtra,
}: {
  page: Page
  /** Rendered between the hero and the sections. */
  before?: ReactNode
  /** Rendered after the sections, before the calls to action. */
  children?: ReactNode
  heroExtra?: ReactNode
}) {
  return (
    <article>
      <PageHero heading={page.h1} intro={page.intro}>
        {heroExtra}
      </PageHero>
      <div className={styles.page}>
        {before}
        {page.sections.map((section) => (
          <SectionBlock key={section.id} section={section} />
        ))}
        {children}
        {page.ctas?.length ? <CtaRow ctas={page.ctas} /> : null}
      </div>
    </article>
  )
}
