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

/** How long the success banner shows. */
export const SETTINGS_SAVED_MS = 3000;

/** antd's `setFields` entry: a field and the messages under it. */
export interface FieldMessages {
  name: string;
  errors: string[];
}

export interface SettingsFormOptions<R, V, A extends { data: R }> {
  /** The record's URL, read (GET) and written (PATCH). */
  url: string;
  /** The read's meta (e.g. `excluded_fields`). */
  meta?: Record<string, unknown>;
  /** The form's values for the record. */
  values: (record: R) => V;
  /** What Save sends for the form's values. */
  payload: (values: V) => Record<string, unknown>;
  /** The fields a server message shows under (a field's messages are cleared when a save succeeds). */
  messageFields: readonly string[];
  /** Where a 422's messages go; each field's first message under it by default. */
  placeErrors?: (errors: Record<string, string[] | string>) => FieldMessages[];
  /**
   * What follows a save, before the record is loaded again: the banner's text key (resource namespace), or
   * `null` when the page is left (a password change that signed out everywhere).
   */
  afterSave: (answer: A, form: FormInstance<V>) => Promise<string | null> | string | null;
  /** Told where a failed save's messages went (to open the tab holding the first). */
  onInvalid?: (placed: FieldMessages[]) => void;
}

const firstMessages = (fields: readonly string[], errors: Record<string, string[] | string>) =>
  fields
    .filter((name) => errors[name])
    .map((name) => {
      const messages = errors[name];
      return { name, errors: [Array.isArray(messages) ? messages[0] : messages] };
    });

/** `A` is the save's answer (the record as `data`, and whatever else the endpoint tells). */
export function useSettingsForm<R, V extends object, A extends { data: R } = { data: R }>(
  options: SettingsFormOptions<R, V, A>,
) {
  const { url, values, messageFields } = options;
  const [form] = Form.useForm<V>();
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
    if (record) form.setFieldsValue(values(record) as Parameters<typeof form.setFieldsValue>[0]);
    // The form follows the record, not the identity of `values` (a page writes it inline, anew each render).
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
          values: options.payload(submitted),
          meta: { multipart: true },
          successNotification: false,
          errorNotification: false,
        })
      ).data;
    } catch (error) {
      const errors = (error as ApiHttpError).errors;
      if (!errors) return setFailed(true);
      const placed = (options.placeErrors ?? ((all) => firstMessages(messageFields, all)))(errors);
      messages.setFields(placed);
      options.onInvalid?.(placed);
      return;
    }
    const next = await options.afterSave(answer, form);
    if (next === null) return;
    messages.setFields(messageFields.map((name) => ({ name, errors: [] })));
    await query.refetch();
    setBanner(next);
  };

  const submit = useSafeSubmit(form.submit, save);
  return { form, record, query, submit, banner, failed };
}

/** What useSettingsForm gives a page (SettingsPage takes it whole). */
export type SettingsForm<R, V extends object> = ReturnType<typeof useSettingsForm<R, V>>;
