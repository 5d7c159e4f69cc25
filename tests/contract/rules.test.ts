import { describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import {
  contactModes,
  contactSchema,
  contactSources,
  contactToastMessage,
  fieldErrors,
  firstErrors,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  registrationSources,
} from '../../contract/rules'

const validRegistration = {
  esus_name: 'Tan Wei Ming',
  esus_company_name: 'Lion City Exports Pte Ltd',
  esus_regn_no: '201912345k',
  esus_email_id: 'ops@lioncity.example',
  esus_password: 'Shipping#2025',
  password_confirmation: 'Shipping#2025',
  esus_mcou: 196,
  code: '+65',
  esus_phone: '61234567',
  esus_address1: '10 Anson Road, #20-01',
  esus_source: 'Refferal',
  check: true,
  esus_mcpy: 1,
}

const registrationMessage = (patch: Record<string, unknown>, field: string) =>
  firstErrors(fieldErrors(registrationSchema, { ...validRegistration, ...patch }))[field]

describe('registration rules (spec section 5)', () => {
  it('accepts a complete registration and shows the company number in upper case', () => {
    const parsed = registrationSchema.parse(validRegistration)
    expect(parsed.esus_regn_no).toBe('201912345K')
  })

  it.each([
    [{ esus_name: '' }, 'esus_name', '*Name is Required.'],
    [{ esus_name: '   ' }, 'esus_name', '*Name is Required.'],
    [{ esus_name: 'a'.repeat(101) }, 'esus_name', 'Maximum 100 Characters are allowed.'],
    [{ esus_company_name: '' }, 'esus_company_name', '*Company Name is Required.'],
    [{ esus_company_name: 'a'.repeat(101) }, 'esus_company_name', 'Maximum 100 Characters are allowed.'],
    [{ esus_regn_no: '' }, 'esus_regn_no', '*Company Number is Required.'],
    [{ esus_regn_no: 'a'.repeat(101) }, 'esus_regn_no', 'Maximum 100 Characters are allowed.'],
    [{ esus_email_id: '' }, 'esus_email_id', '*Email is Required.'],
    [{ esus_email_id: 'ops@lioncity' }, 'esus_email_id', 'Invalid Email Format. Please enter a valid Email.'],
    [
      { esus_email_id: 'ops lioncity.com' },
      'esus_email_id',
      'Invalid Email Format. Please enter a valid Email.',
    ],
    [{ esus_password: 'Ab1!' }, 'esus_password', 'Password should be minimum 8 characters.'],
    [
      { esus_password: `Ab1!${'a'.repeat(97)}` },
      'esus_password',
      'Password should not exceed 100 characters.',
    ],
    [
      { esus_password: 'shipping#2025' },
      'esus_password',
      'Password must contain at least 1 uppercase character, 1 numeric character and 1 special character.',
    ],
    [
      { esus_password: 'Shipping2025' },
      'esus_password',
      'Password must contain at least 1 uppercase character, 1 numeric character and 1 special character.',
    ],
    [
      { esus_password: 'Shipping#' },
      'esus_password',
      'Password must contain at least 1 uppercase character, 1 numeric character and 1 special character.',
    ],
    [{ password_confirmation: 'Shipping#2026' }, 'password_confirmation', 'Passwords do not match.'],
    [{ esus_mcou: null }, 'esus_mcou', '*Country is required.'],
    [{ code: '' }, 'code', '*Country code is required.'],
    [{ esus_phone: '' }, 'esus_phone', '*Phone Number is required.'],
    [{ esus_phone: '123456' }, 'esus_phone', 'Minimum 7 digits is required.'],
    [{ esus_address1: '' }, 'esus_address1', '*Address is required'],
    [{ esus_address1: 'Short rd' }, 'esus_address1', 'Address must be minimum of 10 characters.'],
    [{ esus_source: '' }, 'esus_source', '*Source is required'],
    [{ check: false }, 'check', '*This Field is required'],
  ])('%o gives %s the message %s', (patch, field, message) => {
    expect(registrationMessage(patch, field)).toBe(message)
  })

  it('shows a password mismatch even while other fields are still empty', () => {
    const errors = firstErrors(
      fieldErrors(registrationSchema, {
        esus_password: 'Shipping#2025',
        password_confirmation: 'Shipping#2026',
      }),
    )
    expect(errors.password_confirmation).toBe('Passwords do not match.')
    expect(errors.esus_name).toBe('*Name is Required.')
  })

  it('rejects phone numbers that are not digits or longer than 10', () => {
    expect(registrationMessage({ esus_phone: '6123 4567' }, 'esus_phone')).toBeDefined()
    expect(registrationMessage({ esus_phone: '12345678901' }, 'esus_phone')).toBeDefined()
    expect(registrationMessage({ esus_phone: '1234567' }, 'esus_phone')).toBeUndefined()
  })

  it('lists the registration sources exactly, misspelling included', () => {
    expect(registrationSources).toEqual([
      'Google Ads',
      'Social Media',
      'Refferal',
      'Blogs / Publications',
      'Others',
    ])
  })
})

describe('login and forgot-password rules', () => {
  it.each([
    [{ email: '', password: 'x' }, 'email', '*Email is Required.'],
    [{ email: 'ops@lioncity', password: 'x' }, 'email', 'Invalid Email Format.'],
    [{ email: 'ops@lioncity.example', password: '' }, 'password', '*Password is required.'],
  ])('login %o gives %s %s', (value, field, message) => {
    expect(firstErrors(fieldErrors(loginSchema, value))[field]).toBe(message)
  })

  it('forgot password checks the email with the same messages', () => {
    expect(firstErrors(fieldErrors(forgotPasswordSchema, { email: '' })).email).toBe('*Email is Required.')
    expect(firstErrors(fieldErrors(forgotPasswordSchema, { email: 'a@b' })).email).toBe(
      'Invalid Email Format.',
    )
    expect(fieldErrors(forgotPasswordSchema, { email: 'a@b.co' })).toEqual({})
  })
})

describe('contact enquiry rules', () => {
  const valid = {
    mail: 'buyer.ops+sg@lioncity.com.sg',
    name: 'Nur Aisyah',
    company: 'Lion City Exports',
    code: '+65',
    phone: '61234567',
    source: 'Search Engine',
    mode: 'LCL',
    message: 'Two pallets of machine parts to Jebel Ali next month.',
  }

  it('accepts a complete enquiry', () => {
    expect(contactToastMessage(valid)).toBeUndefined()
    expect(contactSchema.safeParse(valid).success).toBe(true)
  })

  it('asks to fill every field when any is empty', () => {
    for (const field of Object.keys(valid)) {
      expect(contactToastMessage({ ...valid, [field]: '' }), field).toBe(
        'Please Fill all the Fields to Enquire',
      )
    }
  })

  it('names the email when a typed email fails the pattern, even if other fields are empty', () => {
    expect(contactToastMessage({ ...valid, mail: 'buyer@lioncity.c' })).toBe('Please enter a valid Email ID')
    expect(contactToastMessage({ ...valid, mail: 'buyer!@lioncity.com' })).toBe(
      'Please enter a valid Email ID',
    )
    expect(contactToastMessage({ mail: 'buyer@lioncity' })).toBe('Please enter a valid Email ID')
  })

  it('lists sources and modes exactly', () => {
    expect(contactSources).toEqual([
      'Google Ads',
      'Search Engine',
      'Social Media',
      'Refferal',
      'Email',
      'Blogs / Publications',
      'Others',
    ])
    expect(contactModes).toEqual(['LCL', 'FCL', 'AIR'])
  })
})

describe('server messages (spec section 8)', () => {
  it('keeps the exact strings, misspellings included', () => {
    expect(messages.contactAdded).toBe('Contact Us Added Sucessfully!')
    expect(messages.generic).toBe('Something went wrong, Please try after some time.')
    expect(messages.sessionExpiredText).toBe(
      'Your session has expired due to inactivity, Please log in again to continue.',
    )
  })
})
