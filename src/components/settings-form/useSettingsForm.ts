/**
 * A page that edits one record of the signed-in user's own (their account, their company): the record is loaded
 * once, its values fill the form, and Save sends the whole form (multipart, `_method=PATCH`). The save is safe
 * (useSafeSubmit); a 422 shows each message under its field and keeps what the user typed; any other failure says
 * the changes were not saved. After a save the record is loaded again and a success banner shows for 3 s.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import type { ApiHttpError } from '@/providers/data-provider';
import { useSafeSubmit } from '@/components/useSafeSubmit';
import { type SettingsField, settingsPayload, settingsValues } from './SettingsFields';
import { type SettingsTab, useSettingsTab } from './settings-tabs';

/** How long the success banner shows. */
export const SETTINGS_SAVED_MS = 3000;

/** antd's `setFields` entry: a field and the messages under it. */
export interface FieldMessages {
  name: string;
  errors: string[];
}

/**
 * Where a 422's messages go: each field's first message under it (a nested key, `notification_settings.3`, under its
 * first part), a further one under the field it names (`moreMessagesUnder`); messages of no field are left out.
 */
export function placeMessages<R>(
  fields: readonly SettingsField<R>[],
  errors: Record<string, string[] | string>,
): FieldMessages[] {
  const placed = new Map<string, string[]>();
  const add = (name: string | undefined, message: string | undefined) => {
    const field = fields.find((candidate) => candidate.name === name && candidate.kind !== 'value');
    if (field && message) placed.set(field.name, [...(placed.get(field.name) ?? []), message]);
  };
  for (const [key, value] of Object.entries(errors)) {
    const messages = Array.isArray(value) ? value : [value];
    const name = key.split('.')[0];
    add(name, messages[0]);
    add(fields.find((field) => field.name === name)?.moreMessagesUnder, messages[1]);
  }
  return [...placed].map(([name, messages]) => ({ name, errors: messages }));
}

export interface SettingsFormOptions<R, V, A extends { data: R }> {
  /** The record's URL, read (GET) and written (PATCH). */
  url: string;
  /** The read's meta (e.g. `excluded_fields`). */
  meta?: Record<string, unknown>;
  /**
   * The page's fields (SettingsFields.tsx), the tabs' fields where it has tabs: the form's values follow from the
   * record, Save sends what they say, and a server message shows under its field (cleared when a save succeeds).
   */
  fields?: readonly SettingsField<R>[];
  /** The page's tabs (settings-tabs.ts), shown by SettingsPage. */
  tabs?: readonly SettingsTab<R, V>[];
  /** Told each record loaded and the form's values for it (the company keeps its stored colours). */
  onLoad?: (record: R, values: V) => void;
  /**
   * What follows a save, before the record is loaded again: the banner's text key (resource namespace), or
   * `null` when the page is left (a password change that signed out everywhere).
   */
  afterSave: (answer: A, form: FormInstance<V>) => Promise<string | null> | string | null;
}

/** `A` is the save's answer (the record as `data`, and whatever else the endpoint tells). */
export function useSettingsForm<R, V extends object, A extends { data: R } = { data: R }>(
  options: SettingsFormOptions<R, V, A>,
) {
  const { url, tabs = [] } = options;
  const fields = options.fields ?? tabs.flatMap((tab) => tab.fields ?? []);
  const messageFields = fields.filter((field) => field.kind !== 'value').map((field) => field.name);
  const [form] = Form.useForm<V>();
  const tab = useSettingsTab(tabs);
  // Messages are placed by field name, whatever the values' type.
  const messages = form as unknown as FormInstance<Record<string, unknown>>;
  const [banner, setBanner] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { query, result } = useCustom<{ data: R }>({
    url,
    method: 'get',
    meta: options.meta,
    queryOptions: { refetchOnWindowFocus: false },
  });
  const record = result?.data?.data;
  const { mutateAsync: patch } = useCustomMutation<A>();

  useEffect(() => {
    if (!record) return;
    const values = settingsValues(fields, record) as V;
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    options.onLoad?.(record, values);
    // The form follows the record, not the identity of `onLoad` (a page writes it inline, anew each render).
  }, [record, form]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), SETTINGS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const save = async (submitted: V) => {
    setBanner(null);
    setFailed(false);
    let answer: A;
    try {
      answer = (
        await patch({
          url,
          method: 'patch',
          values: settingsPayload(fields, submitted),
          meta: { multipart: true },
          successNotification: false,
          errorNotification: false,
        })
      ).data;
    } catch (error) {
      const errors = (error as ApiHttpError).errors;
      if (!errors) return setFailed(true);
      const placed = placeMessages(fields, errors);
      messages.setFields(placed);
      tab.showMessages(placed.map((entry) => entry.name));
      return;
    }
    const next = await options.afterSave(answer, form);
    if (next === null) return;
    messages.setFields(messageFields.map((name) => ({ name, errors: [] })));
    await query.refetch();
    setBanner(next);
  };

  const submit = useSafeSubmit(form.submit, save);
  return { form, record, query, submit, banner, failed, tabs, tab };
}

/** What useSettingsForm gives a page (SettingsPage takes it whole). */
export type SettingsForm<R, V extends object> = ReturnType<typeof useSettingsForm<R, V>>;
