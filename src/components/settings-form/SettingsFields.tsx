/**
 * The fields of a page that edits the user's own record, declared once each: the form's inputs follow from the
 * list, and so do the values taken from the record (`settingsValues`) and what Save sends (`settingsPayload`).
 * Kinds: text inputs, passwords, a checkbox, a hidden value, a colour (spec 2 §5, §9: a 200 px picker and the hex
 * text, hex digits only, at most 6 or 8 with alpha; 'default', disabled, while the form's `defaultFlag` is on), an
 * image (ImageFileInput: the stored picture, replaced by a file of the rule's types, never removed), a control
 * the page gives, a select of fixed values and a value the page's own inputs edit. The colour's texts are the namespace's
 * `company.*` keys.
 */
import { Checkbox, ColorPicker, Form, Input, Select, Space } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TObject } from '@sinclair/typebox';
import type { ImageRule } from '@shared/image-rules';
import { ImageFileInput } from '@/components/upload/ImageFileInput';
import { cleanHexInput, isHexColor } from '@/lib/colors';
import { schemaMaxLength, schemaRequires } from '@/lib/schema-rules';

const TEXT_KINDS = [undefined, 'text', 'email', 'tel', 'url', 'textarea'] as const;
/** A text input; its longest length from the record's input schema (`withSchemaRules`) unless given. */
type TextKind = { kind?: (typeof TEXT_KINDS)[number]; maxLength?: number; autoComplete?: string };
type FieldKind =
  | TextKind
  | { kind: 'password'; autoComplete: 'current-password' | 'new-password' }
  | { kind: 'checkbox' | 'hidden' }
  | { kind: 'color'; allowAlpha: boolean; optional?: boolean; defaultFlag: string }
  | { kind: 'image'; rule: ImageRule }
  | { kind: 'control'; control?: ReactElement }
  /** A choice of fixed values, each named by the namespace's `{optionKey}.{value}`. */
  | { kind: 'select'; options: readonly string[]; optionKey: string }
  /** A value the page's own inputs edit (my account's notification switches): read and sent, no message under it. */
  | { kind: 'value' };

export type SettingsField<R = never> = FieldKind & {
  name: string;
  labelKey?: string;
  hintKey?: string;
  /** The message when it is left empty, which makes it required. */
  requiredKey?: string;
  /** Where a 422's second message of the field shows (a new password's under the confirmation). */
  moreMessagesUnder?: string;
  /** Across the whole grid. */
  wide?: boolean;
  /** The form's value from the record; a text field's is the record's own string (null when unset). */
  read?: (record: R) => unknown;
  /**
   * What Save sends for the value (nothing when undefined), given the form's values too; by default a text its
   * string (an unset optional one null, an unset required one '', the server says why), a colour its value or
   * null, an image a picked file.
   */
  send?: (value: unknown, values: object) => unknown;
};

const isText = (field: FieldKind): field is TextKind =>
  (TEXT_KINDS as ReadonlyArray<FieldKind['kind']>).includes(field.kind);

/**
 * The fields with the rules of the record's shared input schema (`shared/entities/`), so none is written twice: a
 * text's longest length, and a required one's `validation.required` message unless it names its own.
 */
export function withSchemaRules<R>(schema: TObject, fields: readonly SettingsField<R>[]): SettingsField<R>[] {
  return fields.map((field) =>
    isText(field)
      ? {
          ...field,
          maxLength: field.maxLength ?? schemaMaxLength(schema, field.name),
          requiredKey:
            field.requiredKey ?? (schemaRequires(schema, field.name) ? 'validation.required' : undefined),
        }
      : field,
  );
}

/** The fields' values on the record. */
export function settingsValues<R extends object>(fields: readonly SettingsField<R>[], record: R) {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value: unknown = field.read ? field.read(record) : Reflect.get(record, field.name);
      if (field.read) return [[field.name, value]];
      return isText(field) ? [[field.name, typeof value === 'string' ? value : null]] : [];
    }),
  );
}

const defaultSend = <R,>(field: SettingsField<R>, value: unknown) => {
  if (field.kind === 'image') return value instanceof File ? value : undefined;
  if (field.kind === 'color') return value || null;
  if (!isText(field)) return value ?? null;
  return typeof value === 'string' ? value : field.requiredKey ? '' : null;
};

/** What Save sends for the fields. */
export function settingsPayload<R>(
  fields: readonly SettingsField<R>[],
  values: object,
): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value: unknown = Reflect.get(values, field.name);
      const sent = field.send ? field.send(value, values) : defaultSend(field, value);
      return sent === undefined ? [] : [[field.name, sent]];
    }),
  );
}

function ColorInput({
  value,
  onChange,
  field: { allowAlpha, defaultFlag },
  ns,
  ...input
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  field: { allowAlpha: boolean; defaultFlag: string };
  ns: string;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation(ns);
  if (Form.useWatch<boolean | undefined>(defaultFlag))
    return <Input {...input} value={t('company.default')} disabled />;
  return (
    <Space.Compact className="company-color">
      <ColorPicker
        value={value || undefined}
        disabledAlpha={!allowAlpha}
        format="hex"
        styles={{ popupOverlayInner: { width: 200 + 24 } }}
        onChange={(color) => onChange?.(cleanHexInput(color.toHexString(), allowAlpha))}
      >
        {/* A button as the trigger: antd's own trigger is a div that gets aria attributes only a control may have. */}
        <button type="button" className="company-color__trigger" aria-label={t('company.pickColor')}>
          <span style={{ background: value || 'transparent' }} />
        </button>
      </ColorPicker>
      <Input
        {...input}
        value={value}
        placeholder={allowAlpha ? t('company.hexAlphaPlaceholder') : t('company.hexPlaceholder')}
        onChange={(event) => onChange?.(cleanHexInput(event.target.value, allowAlpha))}
      />
    </Space.Compact>
  );
}

export function SettingsFields<R extends object>({
  fields,
  ns,
  record,
  className = 'settings-grid',
}: {
  fields: readonly (SettingsField<R> | false)[];
  ns: string;
  /** The record, whose stored pictures the image fields show. */
  record?: R;
  className?: string;
}) {
  const { t } = useTranslation(ns);
  const render = (field: SettingsField<R>, label?: string) => {
    switch (field.kind) {
      case 'password':
        return <Input.Password autoComplete={field.autoComplete} />;
      case 'checkbox':
        return <Checkbox>{label}</Checkbox>;
      case 'hidden':
        return <Input />;
      case 'color':
        return <ColorInput field={field} ns={ns} />;
      case 'image': {
        const current: unknown = record && Reflect.get(record, field.name);
        const stored = typeof current === 'string' ? current : null;
        return <ImageFileInput current={stored} rule={field.rule} alt={label || ''} removable={false} />;
      }
      case 'control':
        return field.control;
      case 'select':
        return (
          <Select
            options={field.options.map((value) => ({ value, label: t(`${field.optionKey}.${value}`) }))}
          />
        );
      case 'value':
        return null;
      case 'textarea':
        return <Input.TextArea rows={3} maxLength={field.maxLength} />;
      default:
        return (
          <Input
            type={field.kind === 'text' ? undefined : field.kind}
            maxLength={field.maxLength}
            autoComplete={field.autoComplete}
          />
        );
    }
  };
  const rules = (field: SettingsField<R>, label?: string) => {
    if (field.kind === 'color') {
      const { allowAlpha, optional, defaultFlag } = field;
      const valid = (value = '', isDefault: boolean) =>
        isDefault || (optional && !value) || isHexColor(value, allowAlpha);
      return [
        ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
          validator: async (_: unknown, value?: string) => {
            if (!valid(value, !!getFieldValue(defaultFlag))) throw new Error(t('company.invalidColor'));
          },
        }),
      ];
    }
    return field.requiredKey ? [{ required: true, message: t(field.requiredKey, { field: label }) }] : [];
  };
  const items = fields.map((field) => {
    if (!field || field.kind === 'value') return null;
    const label = field.labelKey && t(field.labelKey);
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={field.kind === 'checkbox' ? undefined : label}
        extra={field.hintKey && t(field.hintKey)}
        className={field.wide ? 'settings-grid__wide' : undefined}
        hidden={field.kind === 'hidden'}
        valuePropName={field.kind === 'checkbox' ? 'checked' : 'value'}
        getValueProps={
          field.kind === 'image' ? (value: unknown) => ({ value: value ?? undefined }) : undefined
        }
        rules={rules(field, label)}
      >
        {render(field, label)}
      </Form.Item>
    );
  });
  return className ? <div className={className}>{items}</div> : <>{items}</>;
}
