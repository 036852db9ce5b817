/**
 * Invite User (spec 2 §2 Security, §4, §5, §8): 'Username or Email*' and the role picker 'Roles*' (placeholder
 * 'Select a role', the roles of `GET /roles`), Send and Cancel. Server errors show under their field ('A user role
 * is required' for any role error); editing a field clears its error. On success the list shows 'User invite
 * successful' and the dialog closes; closing it (close button, Cancel, a press outside) drops what was typed, the
 * role and the errors (the dialog is unmounted). Before sending it says that the invited person has no platform
 * access until given a licence on their user page (issue 31: licences are given only there, spec 2 §6). Built
 * from the light components, as the list page is.
 */
import { type HttpError, useCustomMutation, useList } from '@refinedev/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@shared/entities/roles';
import { firstFieldError } from '@/components/field-errors';
import { useSafeFormSubmit } from '@/components/useSafeSubmit';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Select } from '@/ui/Select';
import { TextInput } from '@/ui/TextInput';
import { fieldSelection } from '@/declarations/field-selection';
import type { ActionDialogProps } from '@/declarations/types';
import './users.css';

/** The role picker names each role by its title. */
const ROLE_PICKER_FIELDS = fieldSelection<Role>('roles', ['id', 'title']);

type Errors = Partial<Record<'email' | 'role_id', string>>;

export default function InviteUserDialog({ close, done }: ActionDialogProps) {
  const { t } = useTranslation('securityUsers');
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { result: roles } = useList<Role>({
    resource: 'roles',
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'title', order: 'asc' }],
    meta: { included_fields: ROLE_PICKER_FIELDS },
  });
  const { mutateAsync } = useCustomMutation<{ message: string }, HttpError>();

  const submit = useSafeFormSubmit(async () => {
    setFailure(null);
    try {
      await mutateAsync({
        url: '/users/invite',
        method: 'post',
        values: { email, role_id: roleId ?? '' },
        successNotification: false,
        errorNotification: false,
      });
      done({ type: 'success', text: t('invite.success') });
    } catch (error) {
      const next: Errors = {
        email: firstFieldError(error, 'email'),
        role_id: firstFieldError(error, 'role_id') ? t('invite.roleRequired') : undefined,
      };
      setErrors(next);
      if (!next.email && !next.role_id) setFailure((error as HttpError).message || t('invite.failed'));
    }
  });

  const formId = `${fieldId}-form`;
  return (
    <Dialog
      open
      title={t('invite.title')}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t('invite.cancel')}</Button>
          <Button variant="primary" htmlType="submit" form={formId} loading={submit.submitting}>
            {t('invite.send')}
          </Button>
        </>
      }
    >
      <form id={formId} className="invite-form" onSubmit={(event) => void submit.onSubmit(event)} noValidate>
        <div className="invite-form__field">
          <label htmlFor={`${fieldId}-email`}>{t('invite.email')}</label>
          <TextInput
            id={`${fieldId}-email`}
            value={email}
            autoComplete="off"
            status={errors.email ? 'error' : undefined}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? `${fieldId}-email-error` : undefined}
            onChange={(value) => {
              setEmail(value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
          />
          {errors.email && (
            <div id={`${fieldId}-email-error`} className="invite-form__error" role="alert">
              {errors.email}
            </div>
          )}
        </div>
        <div className="invite-form__field">
          <label htmlFor={`${fieldId}-role`}>{t('invite.role')}</label>
          <Select<number>
            id={`${fieldId}-role`}
            value={roleId}
            placeholder={t('invite.rolePlaceholder')}
            options={(roles?.data ?? []).map((role) => ({ value: role.id, label: role.title }))}
            aria-invalid={!!errors.role_id}
            aria-describedby={errors.role_id ? `${fieldId}-role-error` : undefined}
            className={errors.role_id ? 'ui-select--error' : undefined}
            onChange={(value) => {
              setRoleId(value);
              setErrors((current) => ({ ...current, role_id: undefined }));
            }}
          />
          {errors.role_id && (
            <div id={`${fieldId}-role-error`} className="invite-form__error" role="alert">
              {errors.role_id}
            </div>
          )}
        </div>
        <Alert type="info" className="invite-form__note" message={t('invite.licenceNote')} />
        {failure && (
          <div className="invite-form__error" role="alert">
            {failure}
          </div>
        )}
      </form>
    </Dialog>
  );
}
