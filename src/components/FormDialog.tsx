/**
 * The dialog of a declared form (`FormDialogDeclaration`, made by `formDialog` of form-dialog.tsx): each field's
 * label above its input and the server's message under it ('A user role is required' where the field declares its
 * own), cleared as the field is edited; a note; the submit and Cancel buttons. On success the list shows the
 * declared banner and the dialog closes; closing it drops what was typed and the errors (the dialog is unmounted).
 * Built from the light components, as the list page is.
 */
import { type BaseRecord, type HttpError, useCustomMutation, useList } from '@refinedev/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionDialogProps, FormDialogDeclaration } from '@/declarations/types';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Select } from '@/ui/Select';
import { TextInput } from '@/ui/TextInput';
import { firstFieldError } from './field-errors';
import { useSafeFormSubmit } from './useSafeSubmit';
import '@/ui/field-stack.css';

type DialogField = FormDialogDeclaration['fields'][number];

/** A reference's picker: the first 100 records by its label field, asked for only their id and label. */
function ReferenceInput({
  field,
  ns,
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  field: DialogField & { kind: 'reference' };
  ns: string;
  id: string;
  value: unknown;
  invalid: boolean;
  describedBy: string | undefined;
  onChange(value: string | number | undefined): void;
}) {
  const { t } = useTranslation(ns);
  const { resource, labelField } = field.reference;
  const { result } = useList<BaseRecord>({
    resource,
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: labelField, order: 'asc' }],
    meta: { included_fields: [`${resource}.id`, `${resource}.${labelField}`] },
  });
  return (
    <Select<string | number>
      id={id}
      value={value as string | number | undefined}
      placeholder={field.placeholderKey && t(field.placeholderKey)}
      options={(result?.data ?? []).map((record) => ({
        value: record.id as string | number,
        label: String(record[labelField] ?? record.id),
      }))}
      status={invalid ? 'error' : undefined}
      aria-describedby={describedBy}
      onChange={onChange}
    />
  );
}

export default function FormDialog({
  close,
  done,
  declaration,
}: ActionDialogProps & { declaration: FormDialogDeclaration }) {
  const { ns, fields } = declaration;
  const { t } = useTranslation(ns);
  const dialogId = useId();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync } = useCustomMutation<{ message: string }, HttpError>();

  const submit = useSafeFormSubmit(async () => {
    setFailure(null);
    try {
      await mutateAsync({
        url: declaration.path,
        method: 'post',
        values: Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? ''])),
        successNotification: false,
        errorNotification: false,
      });
      done({ type: 'success', text: t(declaration.successKey) });
    } catch (error) {
      const next = Object.fromEntries(
        fields.map((field) => {
          const message = firstFieldError(error, field.name);
          return [field.name, message && field.requiredKey ? t(field.requiredKey) : message];
        }),
      );
      setErrors(next);
      if (Object.values(next).every((message) => !message)) {
        setFailure((error as HttpError).message || t(declaration.failedKey));
      }
    }
  });
  const change = (name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const formId = `${dialogId}-form`;
  return (
    <Dialog
      open
      title={t(declaration.titleKey)}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{t(declaration.cancelKey)}</Button>
          <Button variant="primary" htmlType="submit" form={formId} loading={submit.submitting}>
            {t(declaration.submitKey)}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="ui-field-stack"
        onSubmit={(event) => void submit.onSubmit(event)}
        noValidate
      >
        {fields.map((field) => {
          const id = `${dialogId}-${field.name}`;
          const error = errors[field.name];
          const describedBy = error ? `${id}-error` : undefined;
          return (
            <div key={field.name} className="ui-field-stack__field">
              <label htmlFor={id}>{t(field.labelKey)}</label>
              {field.kind === 'reference' ? (
                <ReferenceInput
                  field={field}
                  ns={ns}
                  id={id}
                  value={values[field.name]}
                  invalid={!!error}
                  describedBy={describedBy}
                  onChange={(value) => change(field.name, value)}
                />
              ) : (
                <TextInput
                  id={id}
                  value={String(values[field.name] ?? '')}
                  autoComplete="off"
                  status={error ? 'error' : undefined}
                  aria-invalid={!!error}
                  aria-describedby={describedBy}
                  onChange={(value) => change(field.name, value)}
                />
              )}
              {error && (
                <div id={`${id}-error`} className="ui-field-stack__error" role="alert">
                  {error}
                </div>
              )}
            </div>
          );
        })}
        {declaration.noteKey && <Alert type="info" message={t(declaration.noteKey)} />}
        {failure && (
          <div className="ui-field-stack__error" role="alert">
            {failure}
          </div>
        )}
      </form>
    </Dialog>
  );
}
