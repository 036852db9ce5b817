/**
 * Short notices in the corner of the screen (refine's notifications, a refused search): a store any code can
 * write to (`toast.open`, `toast.close`) and the `<Toaster>` that shows it. Opening a key that is shown
 * replaces that notice in place, which is how a countdown updates. Success and info notices leave after
 * `duration` seconds; errors and warnings are alerts.
 */
import './toast.css';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Glyph } from './Glyph';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { Button } from './Button';
import { MESSAGE_ICONS, type MessageType } from './message-types';

export type ToastType = MessageType;

export interface ToastOptions {
  /** Names the notice: opening the same key again replaces it, `toast.close(key)` removes it. */
  key?: string;
  type: ToastType;
  title?: ReactNode;
  text: ReactNode;
  /** Seconds before it leaves by itself; 0 keeps it until closed. Default 4.5, as antd's. */
  duration?: number;
  /** A button or link under the text. */
  action?: ReactNode;
}

interface Toast extends ToastOptions {
  key: string;
  /** Changes on every open, so a replaced notice restarts its timer. */
  version: number;
}

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function open(options: ToastOptions): string {
  counter += 1;
  const key = options.key ?? `toast-${counter}`;
  const notice: Toast = { ...options, key, version: counter };
  const index = toasts.findIndex((item) => item.key === key);
  publish(index < 0 ? [...toasts, notice] : toasts.map((item, at) => (at === index ? notice : item)));
  return key;
}

function close(key: string) {
  if (toasts.some((item) => item.key === key)) publish(toasts.filter((item) => item.key !== key));
}

const shorthand = (type: ToastType) => (text: ReactNode) => open({ type, text });

export const toast = {
  open,
  close,
  success: shorthand('success'),
  error: shorthand('error'),
  info: shorthand('info'),
  warning: shorthand('warning'),
  /** Removes every notice (a change of user). */
  clear: () => publish([]),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

const DEFAULT_DURATION = 4.5;

function ToastNotice({ notice, closeLabel }: { notice: Toast; closeLabel: string }) {
  const duration = notice.duration ?? DEFAULT_DURATION;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = window.setTimeout(() => close(notice.key), duration * 1000);
    return () => window.clearTimeout(timer);
  }, [notice.key, notice.version, duration]);

  const urgent = notice.type === 'error' || notice.type === 'warning';
  return (
    <div className={`ui-toast ui-toast--${notice.type}`} role={urgent ? 'alert' : 'status'}>
      <span className="ui-toast__icon">{MESSAGE_ICONS[notice.type]}</span>
      <div className="ui-toast__body">
        {notice.title && <div className="ui-toast__title">{notice.title}</div>}
        <div className="ui-toast__text">{notice.text}</div>
        {notice.action && <div className="ui-toast__action">{notice.action}</div>}
      </div>
      <Button
        variant="text"
        size="small"
        className="ui-toast__close"
        icon={<Glyph icon={CloseOutlined} />}
        aria-label={closeLabel}
        onClick={() => close(notice.key)}
      />
    </div>
  );
}

/** Where the notices show; mount once. `label` names the region, `closeLabel` each close button. */
export function Toaster({ label, closeLabel }: { label: string; closeLabel: string }) {
  const shown = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <section className="ui-toaster" aria-label={label}>
      {shown.map((notice) => (
        <ToastNotice key={notice.key} notice={notice} closeLabel={closeLabel} />
      ))}
    </section>
  );
}
