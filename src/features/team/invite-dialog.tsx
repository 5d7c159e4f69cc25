import { Form, Label, Radio, RadioGroup, Text } from 'react-aria-components'
import { limits } from '../../../contract/rules'
import { type CompanyRole, companyRoleDuties, companyRoleNames, companyRoles } from '../../../contract/team'
import type { InviteValues } from '../../../machines/team-actions'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './team.css'
import type { Send } from './team-lists'

/** An Admin's "Invite a colleague": email, name and role, checked as typed; Escape cancels unless sending. */
export function InviteDialog({
  isOpen,
  sending,
  values,
  errors,
  shown,
  inviteMessage,
  send,
}: {
  isOpen: boolean
  sending: boolean
  values: InviteValues
  errors: Partial<Record<string, string[]>>
  shown: Partial<Record<keyof InviteValues, true>>
  inviteMessage: string | null
  send: Send
}) {
  const errorOf = (field: keyof InviteValues) => (shown[field] ? errors[field]?.[0] : undefined)
  return (
    <Dialog
      isOpen={isOpen}
      title="Invite a colleague"
      width={560}
      role="dialog"
      isDismissable={!sending}
      onClose={() => send({ type: 'invite.cancel' })}
      actions={
        <>
          <Button tone="secondary" isDisabled={sending} onPress={() => send({ type: 'invite.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form="team-invite" isDisabled={sending}>
            {sending ? 'Sending…' : 'Send invitation'}
          </Button>
        </>
      }
    >
      <p className={styles.note}>
        They get a mail with a link to join your company's account, valid for 7 days. They set their own phone
        number and password.
      </p>
      {inviteMessage ? (
        <p role="alert" className={styles.alert}>
          {inviteMessage}
        </p>
      ) : null}
      <Form
        id="team-invite"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'invite.submit' })
        }}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          autoFocus
          maxLength={limits.emailMax}
          isReadOnly={sending}
          value={values.email}
          onChange={(value) => send({ type: 'field.changed', field: 'email', value })}
          onBlur={() => send({ type: 'field.blurred', field: 'email' })}
          error={errorOf('email')}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          maxLength={limits.nameMax}
          isReadOnly={sending}
          value={values.name}
          onChange={(value) => send({ type: 'field.changed', field: 'name', value })}
          onBlur={() => send({ type: 'field.blurred', field: 'name' })}
          error={errorOf('name')}
        />
        <RadioGroup
          className={styles.radioGroup}
          value={values.role === '' ? null : values.role}
          isReadOnly={sending}
          isInvalid={Boolean(errorOf('role'))}
          onChange={(value) => {
            send({ type: 'field.changed', field: 'role', value: value as CompanyRole })
            send({ type: 'field.blurred', field: 'role' })
          }}
        >
          <Label className={styles.legend}>Role</Label>
          {companyRoles.map((role) => (
            <Radio key={role} value={role} className={styles.radio}>
              <span className={styles.radioDot} aria-hidden="true" />
              <span className={styles.radioName}>{companyRoleNames[role]}</span>
              <span className={styles.radioDuty}>{companyRoleDuties[role]}</span>
            </Radio>
          ))}
          {errorOf('role') ? (
            <Text slot="errorMessage" className={ui.fieldError}>
              {errorOf('role')}
            </Text>
          ) : null}
        </RadioGroup>
      </Form>
    </Dialog>
  )
}
