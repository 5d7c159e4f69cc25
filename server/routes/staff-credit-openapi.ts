/**
 * Credit control's operations as the OpenAPI document describes them (staff-credit.ts serves them;
 * docs/payments.md "Credit control"): the bookings waiting for finance's credit release, and the release. The
 * roles of each are in contract/permissions.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { creditMessages, type HeldBooking } from '../../contract/finance/credit'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { NumberParams } from './staff-bookings-openapi'

const tags = ['Finance']

const HeldBookingSchema = documents<HeldBooking>()(
  z
    .object({
      bookingNumber: z.string().openapi({ example: 'ESB-2026000042' }),
      status: z.string(),
      customerId: z.int(),
      customerName: z.string(),
      reason: z.string().openapi({ description: 'Why it waits, as the customer reads it' }),
      since: z.string().openapi({ description: 'When it was held (ISO instant)' }),
      currency: z.string().openapi({ description: "The company's billing currency" }),
      bookingValue: z.int().openapi({ description: "The booking's quoted lines excluding GST, minor units" }),
      openBalance: z.int().openapi({
        description: "The company's invoices' balances plus approved charges not invoiced, minor units, now",
      }),
      creditLimit: z.int().openapi({ description: 'The limit in force, minor units' }),
      oldestOverdueDays: z
        .int()
        .openapi({ description: 'Days past due of its oldest unpaid invoice; 0: none' }),
      bookedBy: z.string(),
    })
    .openapi('HeldBooking'),
)

export const listCreditHoldsRoute = createRoute({
  method: 'get',
  operationId: 'listCreditHolds',
  path: '/staff/finance/credit-holds',
  tags,
  summary: 'Bookings waiting for finance’s credit release, the longest waiting first (at most 500)',
  security: staffSecurity,
  responses: {
    200: { description: 'The held bookings', ...json(z.array(HeldBookingSchema)) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

export const releaseCreditHoldRoute = createRoute({
  method: 'post',
  operationId: 'releaseCreditHold',
  path: '/staff/bookings/{number}/credit-release',
  tags,
  summary:
    'Release a booking held for credit (audited; the booker is mailed): operations may then confirm it',
  security: staffSecurity,
  request: { params: NumberParams, body: { required: false, ...json(z.object({})) } },
  responses: {
    200: {
      description: '`Booking ESB-… is released: operations may confirm it.`',
      ...json(z.object({ message: z.string(), bookingNumber: z.string() })),
    },
    ...unauthenticated,
    404: error(`No such booking: \`${creditMessages.notFound}\``),
    409: error(
      'The booking does not wait for a credit release: `Booking ESB-… is not waiting for a credit release.`',
    ),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
