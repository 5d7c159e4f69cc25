import { Link } from '@tanstack/react-router'
import { type PageInfo, userPages } from '../../app/pages'

/** What /user/… shows at an address the customer area does not have. */
export const userNotFound: PageInfo = {
  title: 'Page not found',
  heading: 'Page not found',
  description: 'This address is not a page of your account.',
}

const wayBack = ['/user/home', '/user/quotation', '/user/bookings', '/user/tracking'] as const

/**
 * The customer area's not-found page, inside its shell (an unknown /user/… address silently showed the public
 * home page): what happened, and the way back to the pages a customer comes for.
 */
export function UserNotFound() {
  return (
    <article>
      <h1>{userNotFound.heading}</h1>
      <p>
        There is no page at this address in your account. It may have been mistyped, or the link that brought
        you here is out of date.
      </p>
      <p id="user-not-found-back">Carry on from one of these:</p>
      <ul aria-labelledby="user-not-found-back">
        {wayBack.map((path) => (
          <li key={path}>
            <Link to={path}>{userPages[path].title}</Link>
          </li>
        ))}
      </ul>
    </article>
  )
}
