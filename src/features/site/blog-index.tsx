import { Link } from '@tanstack/react-router'
import { formatDate } from '../../app/format'
import { ContentPage } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { articles } from '../../content/blogs'
import { blogIndexPage } from '../../content/pages'
import * as styles from './site.css'

/** /info/blogs and /info/blog: every article, newest first. */
export function BlogIndex() {
  const newestFirst = [...articles].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn))
  return (
    <ContentPage
      page={blogIndexPage}
      before={
        <ul className={styles.articleList} aria-label="Articles">
          {newestFirst.map((article) => (
            <li key={article.slug} className={page.card}>
              <h2 className={page.cardTitle}>
                <Link to="/info/blogs/$slug" params={{ slug: article.slug }} className={page.cardLink}>
                  {article.h1}
                </Link>
              </h2>
              <p className={styles.byline}>
                <time dateTime={article.publishedOn}>{formatDate(article.publishedOn)}</time> ·{' '}
                {article.readingTimeMinutes} min read
              </p>
              <p className={page.cardText}>{article.excerpt}</p>
            </li>
          ))}
        </ul>
      }
    />
  )
}
