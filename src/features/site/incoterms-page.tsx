import { ContentPage } from '../../components/page/content-page'
import * as page from '../../components/page/page.css'
import { incotermsPage } from '../../content/incoterms'
import * as styles from './site.css'

/** /info/incoterms: the 11 rules in two tables, by mode of transport. */
export function IncotermsPageView() {
  return (
    <ContentPage
      page={incotermsPage}
      before={incotermsPage.groups.map((group) => (
        <section
          key={group.mode}
          id={`rules-${group.mode}`}
          className={page.section}
          aria-labelledby={`rules-${group.mode}-heading`}
        >
          <h2 id={`rules-${group.mode}-heading`} className={page.sectionHeading}>
            {group.heading}
          </h2>
          <p className={page.prose}>{group.text}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <section className={page.tableWrap} tabIndex={0} aria-label={`${group.heading}: table`}>
            <table className={page.table}>
              <caption>{group.heading}: who does what</caption>
              <thead>
                <tr>
                  <th scope="col">Rule</th>
                  <th scope="col">Risk passes to the buyer</th>
                  <th scope="col">Main carriage paid by</th>
                  <th scope="col">Insurance</th>
                  <th scope="col">Export clearance</th>
                  <th scope="col">Import clearance</th>
                  <th scope="col">When to use</th>
                </tr>
              </thead>
              <tbody>
                {group.rules.map((rule) => (
                  <tr key={rule.code} id={rule.code.toLowerCase()}>
                    <th scope="row">
                      <span className={styles.ruleCode}>{rule.code}</span> {rule.name}
                    </th>
                    <td>{rule.riskTransfers}</td>
                    <td>{rule.mainCarriage}</td>
                    <td>{rule.insurance.text}</td>
                    <td>{rule.exportClearance}</td>
                    <td>{rule.importClearance}</td>
                    <td>{rule.whenToUse}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ))}
    />
  )
}
