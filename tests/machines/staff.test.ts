import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { staffMessages } from '../../contract/staff'
import { staffSessionMachine } from '../../machines/staff-session.machine'
import { staffSignInMachine } from '../../machines/staff-sign-in.machine'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { staffSessionStates } from './states/staff-session'
import { staffSignInStates } from './states/staff-sign-in'

const staff = { id: 3, email: 'sales@eship.example', name: 'Daniel Lim', roles: ['sales' as const] }
const signedIn = { message: staffMessages.signedIn, token: 't'.repeat(43), staff }

modelSuite('staff sign-in', staffSignInMachine, {
  promises: ['checkPassword', 'verifyCode'],
  events: [
    { type: 'field.changed', field: 'email', value: 'sales@eship.example' },
    { type: 'field.changed', field: 'password', value: 'Staff#2025demo' },
    { type: 'field.blurred', field: 'email' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.checkPassword', output: { step: 'code', challenge: 'c1' } },
    {
      type: 'xstate.done.actor.checkPassword',
      output: {
        step: 'enrol',
        challenge: 'c2',
        secret: 'ABCD EFGH',
        uri: 'otpauth://totp/x',
        qrSvg: '<svg/>',
      },
    },
    {
      type: 'xstate.error.actor.checkPassword',
      error: { status: 401, message: staffMessages.invalidCredentials },
    },
    { type: 'code.changed', value: '123456' },
    { type: 'code.changed', value: '12' },
    { type: 'user.verify' },
    { type: 'user.useRecovery' },
    { type: 'user.useCode' },
    { type: 'user.restart' },
    { type: 'xstate.done.actor.verifyCode', output: signedIn },
    {
      type: 'xstate.done.actor.verifyCode',
      output: { ...signedIn, recoveryCodes: ['abcde-fghjk'] },
    },
    { type: 'xstate.error.actor.verifyCode', error: { status: 401, message: staffMessages.codeInvalid } },
    {
      type: 'xstate.error.actor.verifyCode',
      error: { status: 400, message: staffMessages.challengeExpired },
    },
    { type: 'user.continue' },
  ],
  inputs: [undefined],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.values,
      snapshot.context.code,
      snapshot.context.useRecovery,
      snapshot.context.codeError !== null,
      snapshot.context.notice !== null,
      snapshot.context.enrolment !== null,
    ]),
  states: staffSignInStates,
  check: allChecks(formChecks(['checkPassword']), (actor, step: { event: EventObject }, before) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    // A malformed code is never sent: it is explained where it is typed.
    if (after.children.verifyCode && !before.children.verifyCode) expect(after.context.codeError).toBeNull()
    // The password is not kept once the person is signed in.
    if (after.matches('signedIn') || after.matches('recoveryCodes')) {
      expect(after.context.values.password).toBe('')
    }
    // A refused code says why, and a challenge that ran out sends the person back to their password.
    if (step.event.type === 'xstate.error.actor.verifyCode') {
      const status = (step.event as { error?: { status?: number } }).error?.status
      if (status === 400) expect(after.matches('credentials') && after.context.notice).toBeTruthy()
      else expect(after.context.codeError).toBe(staffMessages.codeInvalid)
    }
  }),
})

modelSuite('staff session', staffSessionMachine, {
  promises: ['logout'],
  events: [
    { type: 'session.started', token: 'tok', staff, at: 1_000 },
    { type: 'user.activity', at: 2_000 },
    { type: 'storage.activity', at: 3_000 },
    { type: 'storage.started', token: 'tok2', staff, at: 4_000 },
    { type: 'storage.ended' },
    { type: 'api.unauthenticated' },
    { type: 'user.logout' },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: { status: 500 } },
    { type: 'dialog.acknowledged' },
  ],
  inputs: [
    { token: null, staff: null, lastActivity: null, now: 0 },
    { token: 'tok', staff, lastActivity: 0, now: 60_000 },
    { token: 'tok', staff, lastActivity: 0, now: 16 * 60_000 },
  ],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value, snapshot.context.token]),
  states: staffSessionStates,
  check: (actor, step: { event: EventObject }) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    // A session the server refused, or one that idled out, says so.
    if (step.event.type === 'api.unauthenticated' && after.matches({ auth: 'signedOut' })) {
      expect(after.matches({ notice: 'expired' })).toBe(true)
    }
    if (after.matches({ auth: 'signedOut' })) expect(after.context.token).toBeNull()
  },
})
