/**
 * The tabs of a page that edits the user's own record (my account's Details, Activity and Settings): each declared
 * with its label, the fields it holds and what it shows. The open tab is the `?tab=` search parameter (the first
 * tab without one), so a link or a return from elsewhere (Autodesk's) opens its tab; a switch leaves the other
 * parameters of such a return behind. A save whose messages are all on hidden tabs opens the tab of the first.
 */
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { SafeSubmit } from '@/components/useSafeSubmit';
import type { SettingsField } from './SettingsFields';

/** What a tab's content is given besides the record: the form, its safe submit and a reload of the record. */
export interface SettingsTabContext<V> {
  form: FormInstance<V>;
  submit: SafeSubmit<V>;
  reload: () => void;
}

export interface SettingsTab<R, V> {
  key: string;
  /** The tab's label (the page's namespace). */
  labelKey: string;
  /** The form's fields it holds: it stays rendered while hidden, so they stay in the form. */
  fields?: readonly SettingsField<R>[];
  render: (record: R, context: SettingsTabContext<V>) => ReactNode;
}

/** The open tab, opening another, and showing where a failed save's messages are. */
export function useSettingsTab<R, V>(tabs: readonly SettingsTab<R, V>[]) {
  const [params, setParams] = useSearchParams();
  const active = tabs.find((tab) => tab.key === params.get('tab'))?.key ?? tabs[0]?.key;
  const open = (key: string) => setParams(new URLSearchParams({ tab: key }), { replace: true });
  const tabOf = (field: string) => tabs.find((tab) => tab.fields?.some((held) => held.name === field))?.key;
  /** Opens the tab holding the first message unless the open one holds one. */
  const showMessages = (fields: readonly string[]) => {
    const holding = fields.map(tabOf);
    if (holding.length && !holding.includes(active) && holding[0]) open(holding[0]);
  };
  return { active, open, showMessages };
}
