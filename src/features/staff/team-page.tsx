import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Checkbox, CheckboxGroup, Form, Label, Text } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { type StaffRole, staffRoleDuties, staffRoleNames, staffRoles } from '../../../contract/permissions'
import { type AddStaffValues, staffTeamMachine } from '../../../machines/staff-team.machine'
import { addStaff, deactivateStaff, listStaff, resendStaffInvite, updateStaff } from '../../api/staff-team'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './team.css'

/** A role's checkbox, as the add form and every member's row show it. */
function RoleCheckbox({ role, label, children }: { role: StaffRole; label?: string; children?: string }) {
  return (
    <Checkbox value={role} className={ui.checkbox} {...(label ? { 'aria-label': label } : {})}>
      <span className={ui.checkboxBox} aria-hidden="true" />
      <span>{children ?? staffRoleNames[role]}</span>
    </Checkbox>
  )
}

/** /staff/team (admins): the team, each member's roles, invitations and deactivation, and adding a member. */
export function TeamPage() {
  const { api, session } = staffConsole()
  const selfId = useSelector(session, (s) => s.context.staff?.id ?? null)
  const actor = useActorRef(
    staffTeamMachine.provide({
      actors: {
        listStaff: fromPromise(() => listStaff(api)),
        addStaff: fromPromise(({ input }) => addStaff(api, input)),
        updateStaff: fromPromise(({ input }) => updateStaff(api, input.id, input.roles)),
        deactivateStaff: fromPromise(({ input }) => deactivateStaff(api, input.id)),
        resendStaffInvite: fromPromise(({ input }) => resendStaffInvite(api, input.id)),
      },
    }),
    { input: { selfId } },
  )
  const state = useSelector(actor, (s) => s)
  const { staff, values, errors, shown, memberId, memberMessage, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })
  const adding = state.matches({ ready: 'adding' })
  const confirming = state.matches({ ready: 'confirming' })
  const deactivating = state.matches({ ready: 'deactivating' })
  const confirmed = staff.find((member) => member.id === memberId)

  // After the confirmation closes, the focus goes to the member's row (its button may be gone).
  const lastAsked = useRef<number | null>(null)
  const dialogOpen = confirming || deactivating
  useEffect(() => {
    if (dialogOpen) {
      lastAsked.current = memberId
      return
    }
    if (lastAsked.current === null) return
    document.getElementById(`member-${lastAsked.current}`)?.focus()
    lastAsked.current = null
  }, [dialogOpen, memberId])

  const errorOf = (field: keyof AddStaffValues) => (shown[field] ? errors[field]?.[0] : undefined)

  return (
    <div className={styles.page}>
      <h1>Team</h1>
      <p className={consoleStyles.lead}>
        Everyone who works in the console. A new member gets an invitation by mail to set their password and
        enrol an authenticator; their roles decide which desks they see.
      </p>
      <p role="status" className={styles.note}>
        {notice ?? ''}
      </p>

      {state.matches('loading') ? <p>Loading the team…</p> : null}
      {state.matches('failed') ? (
        <>
          <p role="alert" className={consoleStyles.error}>
            {message}
          </p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </>
      ) : null}

      {state.matches('ready') ? (
        <>
          <table className={styles.table}>
            <caption className={styles.caption}>
              {staff.length === 1 ? '1 staff member' : `${staff.length} staff members`}
            </caption>
            <thead className={styles.head}>
              <tr>
                <th className={styles.headCell} scope="col">
                  Name
                </th>
                <th className={styles.headCell} scope="col">
                  Email
                </th>
                <th className={styles.headCell} scope="col">
                  Roles
                </th>
                <th className={styles.headCell} scope="col">
                  Enrolled
                </th>
                <th className={styles.headCell} scope="col">
                  Status
                </th>
                <th className={styles.headCell} scope="col">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className={styles.body}>
              {staff.map((member) => {
                const said = memberMessage?.id === member.id ? memberMessage.text : null
                const messageId = `member-${member.id}-message`
                const self = member.id === selfId
                return (
                  <tr
                    key={member.id}
                    className={[styles.tableRow, member.active ? '' : styles.inactiveRow].join(' ')}
                    data-testid="staff-row"
                  >
                    <th scope="row" id={`member-${member.id}`} tabIndex={-1} className={styles.titleCell}>
                      {member.name}
                      {self ? ' (you)' : ''}
                    </th>
                    <td className={styles.cell} data-label="Email">
                      {member.email}
                    </td>
                    <td className={styles.cell} data-label="Roles">
                      <div>
                        <CheckboxGroup
                          aria-label={`Roles of ${member.name}`}
                          aria-describedby={said ? messageId : undefined}
                          value={member.roles}
                          isDisabled={!idle || !member.active}
                          onChange={(roles) =>
                            actor.send({
                              type: 'member.setRoles',
                              id: member.id,
                              roles: roles as StaffRole[],
                            })
                          }
                          className={styles.roles}
                        >
                          {staffRoles.map((role) => (
                            <RoleCheckbox
                              key={role}
                              role={role}
                              label={`${staffRoleNames[role]} role of ${member.name}`}
                            />
                          ))}
                        </CheckboxGroup>
                        {said ? (
                          <p id={messageId} role="alert" className={styles.rowMessage}>
                            {said}
                          </p>
                        ) : null}
                      </div>
                    </td>
                    <td className={styles.cell} data-label="Enrolled">
                      {member.enrolled ? 'Yes' : 'Invited'}
                    </td>
                    <td className={styles.cell} data-label="Status">
                      {member.active ? 'Active' : 'Deactivated'}
                    </td>
                    <td className={styles.actionCell}>
                      <div className={styles.rowActions}>
                        {member.active && !member.enrolled ? (
                          <Button
                            tone="secondary"
                            isDisabled={!idle}
                            aria-label={`Resend invitation to ${member.name}`}
                            onPress={() => actor.send({ type: 'member.resendInvite', id: member.id })}
                          >
                            Resend invitation
                          </Button>
                        ) : null}
                        {member.active && !self ? (
                          <Button
                            tone="secondary"
                            isDisabled={!idle}
                            aria-label={`Deactivate ${member.name}`}
                            onPress={() => actor.send({ type: 'member.deactivate', id: member.id })}
                          >
                            Deactivate
                          </Button>
                        ) : null}
                        {member.active && self ? (
                          <p className={styles.note}>You cannot deactivate yourself: another admin can.</p>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>

          <section className={styles.section} aria-labelledby="add-staff">
            <h2 id="add-staff">Add a staff member</h2>
            {message ? (
              <p role="alert" className={consoleStyles.error}>
                {message}
              </p>
            ) : null}
            <Form
              className={styles.form}
              validationBehavior="aria"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.submit' })
              }}
            >
              <TextField
                label="Work email"
                name="email"
                type="email"
                autoComplete="off"
                value={values.email}
                onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
                onBlur={() => actor.send({ type: 'field.blurred', field: 'email' })}
                error={errorOf('email')}
              />
              <TextField
                label="Name"
                name="name"
                autoComplete="off"
                value={values.name}
                onChange={(value) => actor.send({ type: 'field.changed', field: 'name', value })}
                onBlur={() => actor.send({ type: 'field.blurred', field: 'name' })}
                error={errorOf('name')}
              />
              <CheckboxGroup
                className={[ui.field, styles.formActions].join(' ')}
                value={values.roles}
                isInvalid={Boolean(errorOf('roles'))}
                onChange={(roles) => {
                  actor.send({ type: 'field.changed', field: 'roles', value: roles as StaffRole[] })
                  actor.send({ type: 'field.blurred', field: 'roles' })
                }}
              >
                <Label className={ui.label}>Roles</Label>
                <div className={styles.roles}>
                  {staffRoles.map((role) => (
                    <RoleCheckbox key={role} role={role}>
                      {`${staffRoleNames[role]}: ${staffRoleDuties[role]}`}
                    </RoleCheckbox>
                  ))}
                </div>
                {errorOf('roles') ? (
                  <Text slot="errorMessage" className={ui.fieldError}>
                    {errorOf('roles')}
                  </Text>
                ) : null}
              </CheckboxGroup>
              <div className={styles.formActions}>
                <Button type="submit" isDisabled={!idle}>
                  {adding ? 'Adding…' : 'Add and send invitation'}
                </Button>
              </div>
            </Form>
          </section>

          <ConfirmDialog
            isOpen={dialogOpen}
            title={`Deactivate ${confirmed?.name ?? 'this staff member'}?`}
            busy={deactivating}
            confirmLabel={'Deactivate'}
            busyLabel={'Deactivating…'}
            onCancel={() => actor.send({ type: 'user.cancel' })}
            onConfirm={() => actor.send({ type: 'user.confirm' })}
          >
            <p>
              {confirmed?.name ?? 'They'} ({confirmed?.email}) can no longer sign in, and their open sessions
              end at once. Their past actions stay in the audit trail.
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  )
}
