/**
 * The plain text fields of a page that edits the user's own record, declared once each: the form's inputs, the
 * values taken from the record and what Save sends follow from the list.
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SettingsTextField {
  name: string;
  labelKey: string;
  maxLength: number;
  input?: 'text' | 'email' | 'tel' | 'url' | 'textarea';
  autoComplete?: string;
  /** The message when it is left empty, which makes it required (resource namespace). */
  requiredKey?: string;
}

/** The fields' values on the record (null when unset). */
export function textValues(
  fields: readonly SettingsTextField[],
  record: object,
): Record<string, string | null> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => [field.name, typeof source[field.name] === 'string' ? source[field.name] : null]),
  ) as Record<string, string | null>;
}

/** What Save sends for them: an unset optional field as null, an unset required one as '' (the server says why). */
export function textPayload(
  fields: readonly SettingsTextField[],
  values: object,
): Record<string, string | null> {
  const source = values as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => {
      const value = source[field.name];
      return [field.name, typeof value === 'string' ? value : field.requiredKey ? '' : null];
    }),
  );
}

export function SettingsTextFields({
  fields,
  ns,
  className,
}: {
  fields: readonly SettingsTextField[];
  ns: string;
  className?: string;
}) {
  const { t } = useTranslation(ns);
  const items = fields.map((field) => {
    const label = t(field.labelKey);
    const common = { maxLength: field.maxLength, autoComplete: field.autoComplete };
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={label}
        rules={field.requiredKey ? [{ required: true, message: t(field.requiredKey, { field: label }) }] : []}
      >
        {field.input === 'textarea' ? (
          <Input.TextArea rows={3} maxLength={field.maxLength} />
        ) : (
          <Input type={field.input === 'text' ? undefined : field.input} {...common} />
        )}
      </Form.Item>
    );
  });
  return className ? <div className={className}>{items}</div> : <>{items}</>;
}
