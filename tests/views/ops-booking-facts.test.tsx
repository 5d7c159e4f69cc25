/**
 * The operations desk words a booking's parties as the customer's page and PDF do (contract/parties.ts): a
 * booking without a notify party reads "Same as consignee" on every screen, the desk's included.
 */
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { OpsBookingDetail } from '../../contract/operations-desk'
import { notifyPartyText } from '../../contract/parties'
import { Facts } from '../../src/features/staff/ops-booking-facts'
import { detail } from '../fixtures/bookings'

const desk = (notifyParty: OpsBookingDetail['booking']['notifyParty']): OpsBookingDetail => ({
  booking: { ...detail, notifyParty },
  company: { id: 3, name: 'Lion City Exports Pte Ltd' },
  bookedBy: { name: 'Tan Wei', email: 'tan.wei@example.com' },
  carrierBookingRef: null,
  containers: [],
  cutoffs: { cargo: null, documents: null, vgm: null },
  originalEta: null,
  events: [],
  containersBooked: 1,
  quotedTransshipment: null,
})

const notifyFact = () => screen.getByText('Notify party').nextElementSibling?.textContent

afterEach(cleanup)

describe("the desk's notify party", () => {
  it("says what the customer's page and PDF say when the booking names none", () => {
    render(<Facts detail={desk(null)} />)
    expect(notifyFact()).toBe(notifyPartyText(null))
  })

  it("names the party, its lines as the customer's page writes them", () => {
    const party = { name: 'Mumbai Traders', address: '12 Marine Drive, Mumbai', contact: '+91 22 5555 0100' }
    render(<Facts detail={desk(party)} />)
    expect(notifyFact()).toBe(notifyPartyText(party).split('\n').join(', '))
  })
})
