import { Link } from '@tanstack/react-router'
import { formatDate } from '../../app/format'
import { PageHero, SectionBlock } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import type { Article } from '../../content/types'
import * as styles from './site.css'

/** /info/blogs/{slug}: one full article. */
export function BlogArticle({ article }: { article: Article }) {
  return (
    <article>
      <PageHero heading={article.h1} intro={[]}>
        <p className={styles.byline}>
          {article.author} · <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time> ·{' '}
          {article.readingTimeMinutes} min read
        </p>
      </PageHero>
      <div className={page.page}>
        <div className={styles.article}>
          {article.intro.map((paragraph) => (
            <p key={paragraph} className={page.lead}>
              {paragraph}
            </p>
          ))}
        </div>
        {article.sections.map((section) => (
          <SectionBlock key={section.id} section={section} />
        ))}
        <p className={page.ctaRow}>
          <Link to="/info/blogs" className={page.buttonLink({ tone: 'outline' })}>
            All articles
          </Link>
        </p>
      </div>
    </article>
  )
}
