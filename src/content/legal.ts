import { site } from './site'
import type { LegalPage } from './types'

const dpoEmail = site.dataProtectionOfficer.email
const supportEmail = site.contact.email
const address = [...site.contact.address.lines, site.contact.address.country].join(', ')
/** The company as a party: its registered name and number (site.config.ts). */
const company = `${site.legalName} (UEN ${site.uen})`

export const privacyPolicyPage: LegalPage = {
  path: '/info/privacy-policy',
  lastUpdated: '2025-01-15',
  meta: {
    title: 'Privacy Policy: How We Handle Personal Data (PDPA)',
    description:
      'How eShip collects, uses, discloses and protects personal data under Singapore’s Personal Data Protection Act 2012, including browser storage and your rights.',
  },
  h1: 'Privacy Policy',
  intro: [
    `This policy explains how ${company}, trading as ${site.brand} (“we”, “us”), collects, uses, discloses and protects personal data when you use our website and platform or deal with us as a customer. ` +
      'We handle personal data in accordance with Singapore’s Personal Data Protection Act 2012 (PDPA).',
  ],
  sections: [
    {
      id: 'scope',
      heading: '1. Scope',
      body: [
        'Our services are for businesses, so most of the information we hold is about people acting for their organisations: contact persons, shippers, consignees and notify parties. ' +
          'Business contact information (a name, job title, business telephone number, business address and business email) is largely outside the PDPA’s consent, purpose and notification obligations when provided for business purposes. We nonetheless protect it to the same standard as other personal data.',
      ],
    },
    {
      id: 'data-we-collect',
      heading: '2. Personal data we collect',
      body: [],
      items: [
        {
          title: 'Account registration',
          text: 'Your name, company name, company registration number, email address (which is also your username), password, country, dialling code, phone number, company address, how you heard about us and your consent.',
        },
        {
          title: 'Enquiries',
          text: 'Your email address, name, company, dialling code, phone number, how you heard about us, the shipping mode you are interested in (LCL, FCL or air) and your message.',
        },
        {
          title: 'Shipments',
          text: 'Names, addresses and contact details of shippers, consignees and notify parties, and the details in commercial invoices, packing lists, permits and other shipping documents.',
        },
        {
          title: 'Technical data',
          text: 'Your IP address, browser type, device information, and the times of your logins and activity, which our servers record when you use the platform.',
        },
      ],
    },
    {
      id: 'purposes',
      heading: '3. Why we use it',
      body: ['We collect, use and disclose personal data to:'],
      items: [
        {
          title: 'Provide our services',
          text: 'Quote, book, document, clear, insure, track and deliver shipments, and invoice and collect payment.',
        },
        {
          title: 'Manage your account',
          text: 'Create and activate accounts, verify logins, reset passwords and keep one active session per account.',
        },
        { title: 'Respond to you', text: 'Answer enquiries and provide customer support.' },
        {
          title: 'Meet legal obligations',
          text: 'Customs declarations, trade and sanctions compliance, tax, accounting and record-keeping requirements.',
        },
        {
          title: 'Keep the platform secure',
          text: 'Detect and prevent fraud, misuse and unauthorised access.',
        },
        {
          title: 'Improve our services',
          text: 'Understand how the platform is used, and, where you have agreed, tell you about services and offers that may interest you.',
        },
      ],
    },
    {
      id: 'consent',
      heading: '4. Consent',
      body: [
        'We collect personal data with your consent, which you give when you tick the consent box at registration, send us an enquiry or book a shipment, or where consent is deemed or an exception applies under the PDPA. ' +
          'If you give us personal data about other people, such as consignees, you confirm that you are entitled to do so for these purposes.',
        'We will not send marketing messages to a Singapore telephone number registered with the Do Not Call Registry unless you have given us clear and unambiguous consent.',
      ],
    },
    {
      id: 'withdrawal',
      heading: '5. Withdrawing consent',
      body: [
        'You may withdraw your consent at any time by writing to our Data Protection Officer. We will tell you what withdrawal means for you, for example that we may no longer be able to provide some services or keep your account open, and will act on your request within a reasonable time. ' +
          'Withdrawal does not affect processing we are required or permitted to carry out by law, such as keeping customs records.',
      ],
    },
    {
      id: 'access-and-correction',
      heading: '6. Access and correction',
      body: [
        'You may ask for a copy of the personal data we hold about you and how it has been used or disclosed in the past year, and ask us to correct any error or omission. ' +
          'We will respond as soon as reasonably possible and, if we cannot do so within 30 days, will tell you when we will. We may charge a reasonable fee for an access request and will tell you the fee before we proceed.',
      ],
    },
    {
      id: 'disclosure',
      heading: '7. Who we share it with',
      body: [
        'To carry out your shipments and run our business we share personal data, only as needed, with:',
      ],
      items: [
        {
          title: 'Transport providers',
          text: 'Shipping lines, airlines, hauliers, terminals, container freight stations and warehouses.',
        },
        {
          title: 'Agents and brokers',
          text: 'Our overseas agents and customs brokers who handle your cargo at origin or destination.',
        },
        {
          title: 'Authorities',
          text: 'Singapore Customs and other government agencies in Singapore and abroad, where the law requires.',
        },
        {
          title: 'Insurers',
          text: 'Insurers and surveyors, when you ask us to arrange cover or make a claim.',
        },
        {
          title: 'Service providers',
          text: 'Hosting, email, IT and payment providers who process data for us under contract.',
        },
      ],
    },
    {
      id: 'transfers',
      heading: '8. Transfers outside Singapore',
      body: [
        'International freight means personal data travels with the cargo, to agents, carriers and authorities in other countries. When we transfer personal data outside Singapore, we take steps to ensure that the recipient is bound by legally enforceable obligations, such as contractual clauses, to protect it to a standard comparable to the PDPA.',
      ],
    },
    {
      id: 'retention',
      heading: '9. How long we keep it',
      body: [
        'We keep personal data only for as long as it is needed for the purposes for which it was collected, or as required by law. Shipment and customs records are generally kept for at least five years, in line with Singapore Customs’ record-keeping requirements. ' +
          'When data is no longer needed, we delete or anonymise it.',
      ],
    },
    {
      id: 'browser-storage',
      heading: '10. Cookies and browser storage',
      body: [
        'Our platform does not use advertising cookies. To work properly it stores a small amount of information in your browser, using local storage (which stays until it is removed) and session storage (which is cleared when you close the tab). ' +
          'We remove these items when your session expires or is ended by our server, and you can delete them at any time by clearing this site’s data in your browser settings, although you will then need to log in again. The items are:',
        'Country flags in forms are loaded from an external image service, which receives your IP address when your browser requests an image.',
      ],
      items: [
        {
          title: 'authToken (local storage)',
          text: 'A security token issued when you log in. It proves to our servers that requests come from your signed-in account, so you do not have to log in on every page.',
        },
        {
          title: 'lastActivityTimestamp (local storage)',
          text: 'The time of your last activity on the platform. We use it to sign you out automatically after 15 minutes without activity, to protect your account.',
        },
        {
          title: 'eshipUser (local storage)',
          text: 'Basic details of the signed-in user, such as your name and country, so that the platform can greet you and show your country’s flag.',
        },
        {
          title: 'apiData (local storage)',
          text: 'Reference data the platform needs, such as the list of countries and dialling codes, kept so that it does not have to be downloaded again on every page.',
        },
        {
          title: 'quoteData (local storage)',
          text: 'The details of a quotation you are preparing, so that your progress is not lost when you move between pages.',
        },
        {
          title: 'hasPingedLaravel (session storage)',
          text: 'A simple marker recording that the platform has already checked your session with our server in this browser tab, so that the check is not repeated. It is cleared when you close the tab.',
        },
      ],
    },
    {
      id: 'security',
      heading: '11. How we protect it',
      body: [
        'We make reasonable security arrangements to protect personal data against unauthorised access, collection, use, disclosure, copying, modification, disposal and loss. These include encrypted connections (HTTPS), access controls limited to staff who need the data, automatic sign-out after inactivity, one active session per account, and contractual obligations on our service providers. ' +
          'Please keep your password confidential and tell us immediately if you suspect that your account has been misused.',
      ],
    },
    {
      id: 'data-breaches',
      heading: '12. Data breaches',
      body: [
        'If we become aware of a data breach, we will act promptly to contain it and assess whether it is notifiable under the PDPA. A breach is notifiable if it results, or is likely to result, in significant harm to the individuals affected, or affects 500 or more individuals. ' +
          'We will notify the Personal Data Protection Commission as soon as practicable and no later than three calendar days after determining that a breach is notifiable, and, where there is likely to be significant harm, notify the affected individuals as soon as practicable.',
      ],
    },
    {
      id: 'contact-dpo',
      heading: '13. Contacting our Data Protection Officer',
      body: [
        `For questions, requests to access or correct your data, withdrawal of consent or complaints, contact our Data Protection Officer at ${dpoEmail} or write to the Data Protection Officer, ${site.legalName}, ${address}. ` +
          'If you are not satisfied with our response, you may contact the Personal Data Protection Commission.',
      ],
    },
    {
      id: 'changes',
      heading: '14. Changes to this policy',
      body: [
        'We may update this policy from time to time. The current version is always on this page, with the date it was last updated. Your continued use of our services after an update means you accept the revised policy, to the extent permitted by law.',
      ],
    },
  ],
}

export const termsPage: LegalPage = {
  path: '/info/terms-conditions',
  lastUpdated: '2025-01-15',
  meta: {
    title: 'Terms & Conditions of Trading and Website Use',
    description:
      'eShip’s trading terms: services subject to the SLA Standard Trading Conditions, quotes, payment, liability limits, claims, dangerous goods and Singapore law.',
  },
  h1: 'Terms & Conditions',
  intro: [
    `These terms are those of ${company}, trading as ${site.brand} (“we”, “us”). They apply when you use the ${site.brand} website and platform and when you ask us to provide any service. Please read them with the Singapore Logistics Association Standard Trading Conditions, which govern our forwarding services.`,
  ],
  sections: [
    {
      id: 'standard-trading-conditions',
      heading: '1. Standard Trading Conditions',
      body: [
        'All services we provide, whether as forwarding agent or as principal, including freight forwarding, transport, customs clearance, warehousing and related services, are provided subject to the latest Standard Trading Conditions of the Singapore Logistics Association (the “SLA STC”). ' +
          'The SLA STC limit and in some cases exclude our liability, and set time limits for claims. A copy is available on request.',
        'These terms add commercial details and govern use of the website. Where they conflict with the SLA STC on a matter concerning our services, the SLA STC prevail.',
      ],
    },
    {
      id: 'accounts',
      heading: '2. Eligibility and accounts',
      body: [
        'Our services are for businesses. By registering you confirm that you act for a company or other business and are authorised to bind it. You must give accurate registration details and keep them up to date. ' +
          'Accounts must be activated through the link we email to you. An account may have one active session at a time, and sessions end after 15 minutes without activity. You are responsible for keeping your password secure and for activity under your account.',
      ],
    },
    {
      id: 'quotes',
      heading: '3. Quotations',
      body: [
        'Quotations are based on the information you provide, including the route, cargo description, weight, dimensions, whether the goods are hazardous and the Incoterms rule, and are valid for the period stated on the quotation. They are subject to space and equipment being available when you book.',
        'We may revise a quotation, before or after booking, if the cargo differs from its description, or if charges outside our control change, such as carrier freight rates and surcharges (including bunker, peak season and general rate increases), port and terminal charges, government charges and exchange rates. ' +
          'LCL and air freight charges are finalised on the weight and measurements recorded by the container freight station or airline.',
      ],
    },
    {
      id: 'bookings',
      heading: '4. Bookings and your obligations',
      body: [
        'You must describe the goods accurately and completely, pack and mark them suitably for the intended transport, provide the verified gross mass for full containers as SOLAS requires, and give us correct documents in time for the carrier’s cut-offs. ' +
          'You are responsible for the accuracy of information used in customs declarations, and for any duties, taxes, penalties and costs arising from incorrect or incomplete information.',
      ],
    },
    {
      id: 'payment',
      heading: '5. Charges and payment',
      body: [
        'Charges are in Singapore dollars unless the quotation states otherwise. GST is charged where applicable; international freight and related services are generally zero-rated. ' +
          'Unless credit terms have been agreed in writing, charges are payable before the release of cargo or documents. Duties, taxes and other disbursements paid on your behalf must be paid in advance or reimbursed on demand.',
        'Charges are earned when the service is performed and are payable whether or not the goods arrive safely. Overdue amounts may incur interest and collection costs, and we may exercise a lien over goods and documents in our possession for any amount owed, as provided in the SLA STC.',
      ],
    },
    {
      id: 'liability',
      heading: '6. Liability',
      body: [
        'Our liability for loss of, damage to or delay of goods is limited as set out in the SLA STC. Where a carrier’s liability is governed by an international convention, such as the Hague-Visby Rules for sea carriage or the Montreal Convention for air carriage, the limits of that convention apply. ' +
          'We are not liable for indirect or consequential loss, including loss of profit, market or business.',
        'Goods are not insured by us unless you ask us in writing to arrange insurance and we confirm it. We strongly recommend cargo insurance for goods whose value exceeds these limits.',
      ],
      links: [{ label: 'Cargo insurance', href: '/services/cargo-insurance' }],
    },
    {
      id: 'claims',
      heading: '7. Claims',
      body: [
        'Claims must be notified to us in writing, with supporting documents, within the time limits set out in the SLA STC; claims not notified or brought within those limits are time-barred. ' +
          'Note any visible loss or damage on the delivery receipt, keep the goods and packaging for inspection, and give the carrier written notice promptly, as conventions impose strict time limits of their own.',
      ],
    },
    {
      id: 'dangerous-goods',
      heading: '8. Dangerous goods',
      body: [
        'Dangerous goods will be accepted only with our prior written agreement. You must declare them in full and ensure that they are classified, packed, marked, labelled and documented in accordance with the IMDG Code for sea, the IATA Dangerous Goods Regulations for air, and Singapore law, including the requirements of the Maritime and Port Authority of Singapore and the Singapore Civil Defence Force. ' +
          'You must provide a safety data sheet and a dangerous goods declaration. Undeclared or misdeclared dangerous goods may be refused, removed, destroyed or rendered harmless at your cost and without compensation, and you will indemnify us for any resulting loss, damage, fines or costs.',
      ],
    },
    {
      id: 'prohibited-goods',
      heading: '9. Prohibited and controlled goods',
      body: [
        'We will not handle goods whose carriage is prohibited by law, or goods or parties subject to applicable sanctions. Controlled goods need the licences or approvals required by the countries of export, transit and import, which you are responsible for obtaining unless we have agreed in writing to do so.',
      ],
    },
    {
      id: 'website',
      heading: '10. Use of the website',
      body: [
        'Content on this website, including transit times, container dimensions and guidance on customs, insurance and Incoterms, is general information, not legal, tax or customs advice. Transit times are indicative. ' +
          'We aim to keep the platform available and accurate but do not guarantee uninterrupted access. You must not misuse the platform, attempt unauthorised access, or copy its content for commercial purposes without our permission.',
      ],
    },
    {
      id: 'privacy',
      heading: '11. Personal data',
      body: [
        'We handle personal data in accordance with our Privacy Policy and the Personal Data Protection Act 2012.',
      ],
      links: [{ label: 'Privacy Policy', href: '/info/privacy-policy' }],
    },
    {
      id: 'governing-law',
      heading: '12. Governing law and jurisdiction',
      body: [
        'These terms and all contracts for our services are governed by the laws of Singapore. The parties submit to the exclusive jurisdiction of the courts of Singapore, except as otherwise provided in the SLA STC.',
      ],
    },
    {
      id: 'changes-and-contact',
      heading: '13. Changes and contact',
      body: [
        `We may update these terms by publishing a new version on this page; the version in force when a booking is confirmed applies to that booking. Questions about these terms can be sent to ${supportEmail}.`,
      ],
    },
  ],
}
