/**
 * The dialog of a list's Edit on the selected rows (issue 46; `bulk.edit`, bulk-edit.ts): which of the declared
 * fields to set (a choice only when there are several) and its one value for every selected record: a `select`'s
 * options, a `reference`'s records (several for a multiple one, none allowed) or a colour. Apply sends it through
 * the bulk endpoint (the page's `submit`), whose banner says what changed and offers the Undo. Built from the light
 * components, as the list page is; loaded when it first opens.
 */
import { type BaseRecord, useList } from '@refinedev/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSafeFormSubmit } from '@/components/useSafeSubmit';
import type { BulkFormProps, FieldDeclaration, ResourceDeclaration } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MultiSelect } from '@/ui/MultiSelect';
import { Select } from '@/ui/Select';
import { bulkEditBody, bulkEditFields } from './bulk-edit';
import '@/ui/field-stack.css';
import './bulk-edit.css';

type Option = { value: string; label: string; color?: string };

/** The options of a `select` field, or the records a `reference` field picks from (its first 100 by label). */
function useFieldOptions(
  field: FieldDeclaration,
  ns: string,
): { options: Option[]; ids: Map<string, unknown> } {
  const { t } = useTranslation(ns);
  const reference = field.reference;
  const { result } = useList<BaseRecord>({
    resource: reference?.resource ?? '',
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: reference ? [{ field: reference.labelField, order: 'asc' }] : [],
    queryOptions: { enabled: !!reference },
  });
  if (!reference) {
    const options = (field.options ?? []).map((option) => ({
      value: option.value,
      label: option.label ?? t(option.labelKey ?? option.value),
    }));
    return { options, ids: new Map(options.map((option) => [option.value, option.value])) };
  }
  const records = result?.data ?? [];
  return {
    options: records.map((record) => ({
      value: String(record.id),
      label: String(record[reference.labelField] ?? record.id),
      ...(typeof record.color === 'string' ? { color: record.color } : {}),
    })),
    ids: new Map(records.map((record) => [String(record.id), record.id])),
  };
}

/** The value's input of one field; the value is as the API takes it (ids as the records have them). */
function BulkValueInput({
  field,
  ns,
  id,
  value,
  onChange,
  invalid,
}: {
  field: FieldDeclaration;
  ns: string;
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  invalid: boolean;
}) {
  const { t: tl } = useTranslation('lists');
  const { options, ids } = useFieldOptions(field, ns);
  if (field.kind === 'color') {
    return (
      <input
        id={id}
        type="color"
        className="bulk-edit__color"
        value={typeof value === 'string' ? value : '#000000'}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (field.reference?.multiple) {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    return (
      <MultiSelect
        id={id}
        labelId={`${id}-label`}
        value={chosen}
        options={options}
        placeholder={tl('bulk.none')}
        emptyText={tl('noOptions')}
        onChange={(values) => onChange(values.map((key) => ids.get(key) ?? key))}
      />
    );
  }
  return (
    <Select<string>
      id={id}
      value={value === undefined || value === null ? undefined : String(value)}
      options={options}
      // A reference may be set to none; a select's value must be chosen.
      placeholder={field.reference ? tl('bulk.none') : tl('bulk.choose')}
      status={invalid ? 'error' : undefined}
      onChange={(key) => onChange(key === undefined ? null : ids.get(key))}
    />
  );
}

export default function BulkEditDialog({
  count,
  close,
  submit,
  returnFocus,
  resource,
}: BulkFormProps & { resource: ResourceDeclaration }) {
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const fields = bulkEditFields(resource);
  const id = useId();
  const [name, setName] = useState(fields[0].name);
  const [value, setValue] = useState<unknown>(undefined);
  const [missing, setMissing] = useState(false);
  const field = fields.find((candidate) => candidate.name === name) ?? fields[0];
  const label = t(field.labelKey);
  const valueId = `${id}-value`;
  const formId = `${id}-form`;

  const apply = useSafeFormSubmit(async (_event: FormEvent<HTMLFormElement>) => {
    // A reference may be emptied (none); a select and a colour need a value.
    if (!field.reference && (value === undefined || value === null)) return setMissing(true);
    await submit(bulkEditBody(field.name, value));
  });

  return (
    <Dialog
      open
      title={tl('bulk.editTitle', { count })}
      onClose={close}
      returnFocus={returnFocus}
      footer={
        <>
          <Button onClick={close}>{tl('cancel')}</Button>
          <Button variant="primary" htmlType="submit" form={formId} loading={apply.submitting}>
            {tl('bulk.apply')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="ui-field-stack"
        onSubmit={(event) => void apply.onSubmit(event)}
        noValidate
      >
        {fields.length > 1 && (
          <div className="ui-field-stack__field">
            <label htmlFor={`${id}-field`}>{tl('bulk.editField')}</label>
            <Select<string>
              id={`${id}-field`}
              value={name}
              options={fields.map((candidate) => ({ value: candidate.name, label: t(candidate.labelKey) }))}
              onChange={(next) => {
                if (!next) return;
                setName(next);
                setValue(undefined);
                setMissing(false);
              }}
            />
          </div>
        )}
        <div className="ui-field-stack__field">
          <label id={`${valueId}-label`} htmlFor={valueId}>
            {label}
          </label>
          <BulkValueInput
            key={field.name}
            field={field}
            ns={resource.ns}
            id={valueId}
            value={value}
            invalid={missing}
            onChange={(next) => {
              setValue(next);
              setMissing(false);
            }}
          />
          {missing && (
            <div className="ui-field-stack__error" role="alert">
              {tl('required', { field: label })}
            </div>
          )}
        </div>
      </form>
    </Dialog>
  );
}
