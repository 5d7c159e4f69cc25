/**
 * The public pages' content beyond the home page, the services, the articles and the legal pages, one module
 * per group of pages; this index is where the routes and tests take them from.
 */

export { aboutPage } from './about'
export { contactPage, thankYouPage } from './contact'
export { blogIndexPage, faqsPage, infoPage, landingPage } from './info'
export { loginPage, registerPage } from './sign-in'
export { tradeLanes, tradelanesPage, uaeTradelanePage } from './tradelanes'
