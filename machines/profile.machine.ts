/**
 * `profileMachine` (/user/profile), the chart only: its values, context, events and pure helpers are in
 * profile.ts.
 */
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import {
  type ChangePasswordPayload,
  type ChangePasswordResponse,
  changePasswordSchema,
  defaultNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsResponse,
  type ProfileResponse,
  type ProfileUpdate,
  profileMessages,
  profileSchema,
} from '../contract/profile'
import type { SessionUser } from '../contract/wire'
import { actorError } from './actor-error'
import { changeField, changeFields, failureMessage, initialForm, isFormValid, showField } from './form'
import {
  emptyPassword,
  emptyProfile,
  type ProfileContext,
  type ProfileEvent,
  type ProfileLoaded,
  serverErrors,
  showing,
  valuesOf,
} from './profile'

type Notice = { type: 'notify.toast'; message: string }

/**
 * My Profile: loads the profile and the countries; three parts then work side by side. The details form
 * validates as registration does (messages shown once a field is left; Save disabled while invalid) and
 * saves, announcing the session's new user so the top bar and `eshipUser` follow; a 422 shows the server's
 * field messages. The password form checks the current password on the server (its message under the
 * field) and leaves the new session's token to the API client. Each notification switch saves as it is
 * toggled; a failed save puts the switches back. A toast confirms each save for 3 s.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent | Notice,
  },
  actors: {
    loadProfile: fromPromise<ProfileLoaded>(async () => ({
      profile: {
        profile: {
          ...emptyProfile,
          esus_mcou: 0,
          esus_mcpy: 0,
          esus_email_id: '',
          esus_regn_no: '',
        },
        notifications: defaultNotificationSettings,
        user: {
          esus_name: '',
          esus_email_id: '',
          esus_company_name: '',
          esus_mcou: 0,
          mcou_code: '',
          company_role: 'viewer',
        },
      },
      countries: [],
    })),
    saveProfile: fromPromise<ProfileResponse, ProfileUpdate>(async () => {
      throw new Error('not provided')
    }),
    changePassword: fromPromise<ChangePasswordResponse, ChangePasswordPayload>(async () => {
      throw new Error('not provided')
    }),
    saveNotifications: fromPromise<NotificationSettingsResponse, NotificationSettings>(async () => {
      throw new Error('not provided')
    }),
  },
  delays: { toast: timings.toastMs },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isPasswordValid: ({ context }) => isFormValid(context.password),
    hasFieldErrors: (_, error: unknown) => serverErrors(error) !== undefined,
  },
  actions: {
    /** The session's user changed: provided by the app (the session chart's `user.updated`). */
    announceUser: (_, _user: SessionUser) => {},
    setLoaded: assign((_, loaded: ProfileLoaded) => {
      const values = valuesOf(loaded.profile.profile)
      return {
        ...initialForm(profileSchema, values),
        saved: values,
        readOnly: {
          esus_email_id: loaded.profile.profile.esus_email_id,
          esus_regn_no: loaded.profile.profile.esus_regn_no,
        },
        countries: loaded.countries,
        notifications: loaded.profile.notifications,
        savedNotifications: loaded.profile.notifications,
      }
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(profileSchema, context, { field: event.field, value: event.value })
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    chooseCountry: assign(({ context, event }) => {
      assertEvent(event, 'country.chosen')
      const country = context.countries.find((c) => c.mcou_rid === event.countryId)
      return {
        ...changeFields(profileSchema, context, {
          esus_mcou: country?.mcou_rid ?? null,
          code: country?.mcou_country_dialing_code ?? '',
          esus_mcpy: country?.eshp_mcpy ?? null,
        }),
        shown: { ...context.shown, esus_mcou: true as const, code: true as const },
      }
    }),
    discard: assign(({ context }) => ({ ...initialForm(profileSchema, context.saved) })),
    applySaved: assign((_, saved: ProfileResponse) => {
      const values = valuesOf(saved.profile)
      return { ...initialForm(profileSchema, values), saved: values }
    }),
    applyServerErrors: assign(({ context }, error: unknown) => {
      const errors = serverErrors(error) ?? {}
      return { errors: { ...context.errors, ...errors }, shown: showing(context.shown, errors) }
    }),
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.changed')
      return {
        password: {
          ...context.password,
          ...changeField(changePasswordSchema, context.password, { field: event.field, value: event.value }),
        },
      }
    }),
    showPassword: assign(({ context, event }) => {
      assertEvent(event, 'password.blurred')
      return { password: { ...context.password, shown: showField(context.password, event.field) } }
    }),
    clearPassword: assign({ password: () => initialForm(changePasswordSchema, emptyPassword) }),
    applyPasswordErrors: assign(({ context }, error: unknown) => {
      const errors = serverErrors(error) ?? {}
      return {
        password: {
          ...context.password,
          errors: { ...context.password.errors, ...errors },
          shown: showing(context.password.shown, errors),
        },
      }
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'notification.toggled')
      return { notifications: { ...context.notifications, [event.kind]: event.value } }
    }),
    confirmNotifications: assign((_, saved: NotificationSettingsResponse) => ({
      savedNotifications: saved.notifications,
      notifications: saved.notifications,
    })),
    revertNotifications: assign(({ context }) => ({ notifications: context.savedNotifications })),
    openFailureDialog: assign({
      dialogMessage: (_, error: unknown) => failureMessage(error, messages.generic),
    }),
    closeDialog: assign({ dialogMessage: null }),
    toastSaved: raise({ type: 'notify.toast', message: profileMessages.saved } as const),
    toastPasswordChanged: raise({ type: 'notify.toast', message: profileMessages.passwordChanged } as const),
    toastNotificationsSaved: raise({
      type: 'notify.toast',
      message: profileMessages.notificationsSaved,
    } as const),
    showToast: assign({
      toast: ({ event }) => {
        assertEvent(event, 'notify.toast')
        return event.message
      },
    }),
    hideToast: assign({ toast: null }),
  },
}).createMachine({
  id: 'profile',
  initial: 'loading',
  context: () => ({
    ...initialForm(profileSchema, emptyProfile),
    saved: emptyProfile,
    readOnly: { esus_email_id: '', esus_regn_no: '' },
    countries: [],
    password: initialForm(changePasswordSchema, emptyPassword),
    notifications: defaultNotificationSettings,
    savedNotifications: defaultNotificationSettings,
    dialogMessage: null,
    toast: null,
  }),
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed' },
      },
    },
    /** The page says it could not load and offers Try again. */
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'dialog.acknowledged': { actions: 'closeDialog' },
      },
      states: {
        details: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.changed': { actions: 'change' },
                'field.blurred': { actions: 'show' },
                'country.chosen': { actions: 'chooseCountry' },
                'user.discard': { actions: 'discard' },
                // Save is disabled while the form is invalid (spec section 5, as registration).
                'user.save': { guard: 'isValid', target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ context }) => profileSchema.parse(context.values),
                onDone: {
                  target: 'editing',
                  actions: [
                    {
                      type: 'applySaved',
                      params: ({ event }: { event: { output: ProfileResponse } }) => event.output,
                    },
                    {
                      type: 'announceUser',
                      params: ({ event }: { event: { output: ProfileResponse } }) => event.output.user,
                    },
                    'toastSaved',
                  ],
                },
                onError: [
                  {
                    guard: {
                      type: 'hasFieldErrors',
                      params: actorError,
                    },
                    target: 'editing',
                    actions: {
                      type: 'applyServerErrors',
                      params: actorError,
                    },
                  },
                  {
                    target: 'editing',
                    actions: {
                      type: 'openFailureDialog',
                      params: actorError,
                    },
                  },
                ],
              },
            },
          },
        },
        password: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'password.changed': { actions: 'changePassword' },
                'password.blurred': { actions: 'showPassword' },
                'password.submit': { guard: 'isPasswordValid', target: 'submitting' },
              },
            },
            submitting: {
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ context }) => changePasswordSchema.parse(context.password.values),
                // The API client stores the new session's token from the answer (spec section 4).
                onDone: { target: 'editing', actions: ['clearPassword', 'toastPasswordChanged'] },
                onError: [
                  {
                    guard: {
                      type: 'hasFieldErrors',
                      params: actorError,
                    },
                    target: 'editing',
                    actions: {
                      type: 'applyPasswordErrors',
                      params: actorError,
                    },
                  },
                  {
                    target: 'editing',
                    actions: {
                      type: 'openFailureDialog',
                      params: actorError,
                    },
                  },
                ],
              },
            },
          },
        },
        notifications: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'notification.toggled': { target: 'saving', actions: 'toggle' } },
            },
            saving: {
              on: {
                // Another switch while one saves: the whole set is sent again, the last answer wins.
                'notification.toggled': { target: 'saving', reenter: true, actions: 'toggle' },
              },
              invoke: {
                id: 'saveNotifications',
                src: 'saveNotifications',
                input: ({ context }) => context.notifications,
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'confirmNotifications',
                      params: ({ event }: { event: { output: NotificationSettingsResponse } }) =>
                        event.output,
                    },
                    'toastNotificationsSaved',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'revertNotifications',
                    {
                      type: 'openFailureDialog',
                      params: actorError,
                    },
                  ],
                },
              },
            },
          },
        },
        toast: {
          initial: 'hidden',
          on: { 'notify.toast': { target: '.shown', reenter: true, actions: 'showToast' } },
          states: {
            hidden: {},
            shown: {
              after: { toast: { target: 'hidden', actions: 'hideToast' } },
              on: { 'toast.dismissed': { target: 'hidden', actions: 'hideToast' } },
            },
          },
        },
      },
    },
  },
})
