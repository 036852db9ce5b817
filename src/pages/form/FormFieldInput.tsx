/** The input of a declared form field, by kind. */
import { useSelect } from '@refinedev/antd';
import type { BaseKey } from '@refinedev/core';
import {
  Button,
  Checkbox,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Rate,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import dayjs from 'dayjs';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_RULES } from '@shared/image-rules';
import { ImageFileInput } from '@/components/upload/ImageFileInput';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { nameWithoutExtension, refusalOf, UPLOAD_RULES } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import { dateTimePickerFormats } from '@/lib/intl-formats';
import type { FieldDeclaration } from '@/declarations/types';
import type { KnownOption } from './form-values';
import { useReportUpload } from './form-uploads';

/** Whether the form creates a record (a duplicate too) or edits one. */
export type FieldMode = 'create' | 'edit';

/** What antd's Form.Item hands its input. */
interface InputProps {
  id?: string;
  value?: unknown;
  /** A switch's value (its Form.Item hands it as `checked`). */
  checked?: boolean;
  onChange?: (value: unknown) => void;
}

type SelectValue = string | number | Array<string | number> | undefined;

function ReferenceSelect({
  field,
  ns,
  mode,
  known = [],
  id,
  value,
  onChange,
}: InputProps & { field: FieldDeclaration; ns: string; mode: FieldMode; known?: KnownOption[] }) {
  const { t } = useTranslation(ns);
  const reference = field.reference!;
  // A value a new record starts with (a route's preset, e.g. the project a model is added to) is looked up by the
  // referenced resource's show call, so its name shows even when it is not on the picker's first page. On edit
  // the record names what it refers to (`known`); some references (the team's options) have no show call.
  const [startValue] = useState(() =>
    mode === 'create' && value !== undefined && value !== null ? (value as BaseKey | BaseKey[]) : undefined,
  );
  const { selectProps } = useSelect({
    resource: reference.resource,
    optionLabel: reference.labelField as never,
    optionValue: 'id' as never,
    defaultValue: startValue ?? undefined,
    pagination: { pageSize: 100, mode: 'server' },
    debounce: 250,
    meta: reference.query ? { query: reference.query } : undefined,
    onSearch: (value) => [{ field: 'search', operator: 'eq', value }],
  });
  // The records the value already refers to keep their names, also when the list does not hold them.
  const listed = selectProps.options ?? [];
  const options = [
    ...listed,
    ...known.filter((option) => !listed.some((item) => String(item.value) === String(option.value))),
  ];
  return (
    <Select<SelectValue>
      {...(selectProps as object)}
      options={options}
      id={id}
      value={value as SelectValue}
      onChange={(next) => onChange?.(next)}
      mode={reference.multiple ? 'multiple' : undefined}
      placeholder={field.placeholderKey ? t(field.placeholderKey) : undefined}
      allowClear
      optionFilterProp="label"
    />
  );
}

/** A picture: the one image control (ImageFileInput) holding the record's URL, the chosen File, or null. */
function ImageInput({
  field,
  ns,
  value,
  onChange,
  id,
}: InputProps & { field: FieldDeclaration; ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <ImageFileInput
      id={id}
      value={value}
      onChange={onChange}
      alt={t(field.labelKey)}
      rule={IMAGE_RULES[field.image ?? 'preview']}
    />
  );
}

/**
 * A file sent through the resumable upload (tus, with the declared upload kind as metadata `kind`): the field's
 * value is the finished upload's id, which the form submits. The form knows while it is uploading (Save waits), and
 * a usable file names the form's `namesField` unless the user typed a name there.
 */
function FileInput({
  field,
  ns,
  mode,
  id,
  onChange,
}: InputProps & { field: FieldDeclaration; ns: string; mode: FieldMode }) {
  const { t } = useTranslation(ns);
  const rules = UPLOAD_RULES[field.upload ?? 'image'];
  const upload = useUploadQueue(rules, (item) => onChange?.(item.uploadId));
  useReportUpload(field.name, upload.busy);
  // The server's refusal of the file (a 422 under this field) shows on the file, not an 'Uploaded' tick (issue 31).
  const { errors } = Form.Item.useStatus();
  const refusal = errors.find((error): error is string => typeof error === 'string');
  const { queue } = upload;
  useEffect(() => {
    if (refusal) queue.refuseFinished(refusal);
  }, [queue, refusal]);
  const form = Form.useFormInstance();
  const suggested = useRef<string | null>(null);
  const nameFrom = ([file]: File[]) => {
    const target = field.namesField;
    if (!target || !file || refusalOf(file, rules)) return;
    const typed: unknown = form.getFieldValue(target);
    if (typed && typed !== suggested.current) return;
    suggested.current = nameWithoutExtension(file.name);
    form.setFieldValue(target, suggested.current);
  };
  const hintKey = field.uploadHint?.[mode];
  return <ResumableUpload handle={upload} id={id} hint={hintKey ? t(hintKey) : undefined} onAdd={nameFrom} />;
}

/**
 * A colour through antd's colour picker (hex, 3 or 6 digits; with `alpha` also 8): its trigger is a button showing
 * the swatch and the value, with the Form.Item's id so the field's label names it.
 */
function ColorInput({ id, value, onChange, alpha = false }: InputProps & { alpha?: boolean }) {
  const { t } = useTranslation('lists');
  const color = typeof value === 'string' && value ? value : undefined;
  return (
    <ColorPicker
      format="hex"
      disabledAlpha={!alpha}
      value={color}
      onChange={(next) => onChange?.(next.toHexString())}
    >
      <Button id={id} className="color-input">
        <span className="cell-color__swatch" style={{ background: color }} aria-hidden />
        <span>{color ?? t('color.choose')}</span>
      </Button>
    </ColorPicker>
  );
}

/**
 * A date and time: the form holds the ISO string the API sends and takes; the picker writes it as every screen
 * does (`dateTimePickerFormats`).
 */
function DateTimeInput({ id, value, onChange }: InputProps) {
  const { i18n } = useTranslation();
  const { format, time } = dateTimePickerFormats(i18n.resolvedLanguage);
  return (
    <DatePicker
      id={id}
      format={format}
      showTime={{ format: time }}
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.toISOString() : null)}
    />
  );
}

/** A calendar date: the form holds the API's `YYYY-MM-DD`; the picker writes it as `formatDate` does. */
function DateInput({ id, value, onChange }: InputProps) {
  const { i18n } = useTranslation();
  const shown = i18n.resolvedLanguage?.startsWith('nl') ? 'D MMM YYYY' : 'MMM D, YYYY';
  return (
    <DatePicker
      id={id}
      format={[shown, 'YYYY-MM-DD']}
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : null)}
    />
  );
}

export function FormFieldInput({
  field,
  ns,
  known,
  mode = 'create',
  ...props
}: InputProps & { field: FieldDeclaration; ns: string; known?: KnownOption[]; mode?: FieldMode }) {
  const { t } = useTranslation(ns);
  if (field.input) {
    const OwnInput = field.input;
    return (
      // While its code loads, a placeholder holds the field's place (nothing there read as a field without input).
      <Suspense fallback={<Skeleton.Input active block />}>
        <OwnInput {...props} field={field} ns={ns} />
      </Suspense>
    );
  }
  const text = {
    id: props.id,
    value: (props.value ?? '') as string,
    onChange: (event: { target: { value: string } }) => props.onChange?.(event.target.value),
  };
  // Over the limit the text stays as typed or pasted (never cut without a word): the field turns red and its rule
  // says how long it may be, and Save waits until it fits.
  const limit = field.maxLength ? { count: { max: field.maxLength, show: field.kind === 'textarea' } } : {};
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...text} rows={4} {...limit} />;
    case 'email':
      return <Input {...text} type="email" autoComplete="email" {...limit} />;
    case 'tel':
      return <Input {...text} type="tel" autoComplete="tel" {...limit} />;
    case 'password':
      return <Input.Password {...text} autoComplete="new-password" />;
    case 'datetime':
      return <DateTimeInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'checkboxes':
      return (
        <div id={props.id} role="group" aria-label={t(field.labelKey)}>
          <Checkbox.Group
            value={Array.isArray(props.value) ? (props.value as string[]) : []}
            onChange={(next) => props.onChange?.(next)}
            options={(field.options ?? []).map((option) => ({
              value: option.value,
              label: option.label ?? t(option.labelKey ?? option.value),
            }))}
          />
        </div>
      );
    case 'file':
      return <FileInput field={field} ns={ns} mode={mode} {...props} />;
    case 'select':
      return (
        <Select<string>
          id={props.id}
          placeholder={field.placeholderKey ? t(field.placeholderKey) : undefined}
          value={props.value as string | undefined}
          onChange={(next) => props.onChange?.(next)}
          options={(field.options ?? []).map((option) => ({
            value: option.value,
            label: option.label ?? t(option.labelKey ?? option.value),
          }))}
        />
      );
    case 'reference':
      return <ReferenceSelect field={field} ns={ns} mode={mode} known={known} {...props} />;
    case 'image':
      return <ImageInput field={field} ns={ns} {...props} />;
    case 'color':
      return <ColorInput {...props} alpha={field.alpha} />;
    case 'number':
      return (
        <InputNumber<number>
          id={props.id}
          value={typeof props.value === 'number' ? props.value : null}
          onChange={(next) => props.onChange?.(next)}
          precision={0}
        />
      );
    case 'rating':
      return (
        <Rate
          id={props.id}
          value={typeof props.value === 'number' ? props.value : 0}
          onChange={(stars) => props.onChange?.(stars || null)}
          aria-label={t(field.labelKey)}
        />
      );
    case 'switch':
      return (
        <Switch
          id={props.id}
          checked={!!(props.checked ?? props.value)}
          onChange={(checked) => props.onChange?.(checked)}
        />
      );
    default:
      return <Input {...text} {...limit} />;
  }
}
