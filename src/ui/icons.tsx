/**
 * The few line icons of the screens that load without antd (sign-in, full-screen states): one `em` square in the
 * text colour, decorative (`aria-hidden`). antd's icon package costs more than these screens' whole markup, so
 * they draw their own; the signed-in screens use @ant-design/icons (but for the top bar's command palette button).
 */
import type { ReactNode } from 'react';

function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ? `line-icon ${className}` : 'line-icon'}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const UserIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.4-3.8 4.4-5.8 8-5.8s6.6 2 8 5.8" />
  </Icon>
);

export const LockIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
  </Icon>
);

export const EyeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const EyeOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
    <path d="M4 4l16 16" />
  </Icon>
);

export const ErrorIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <ellipse cx="12" cy="12" rx="3.8" ry="9" />
    <path d="M3 12h18" />
  </Icon>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19.5 12h-15M10.5 6l-6 6 6 6" />
  </Icon>
);

/** A wrench: under maintenance. */
export const WrenchIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 3.8a5 5 0 0 0-6.1 6.6L3.5 15.8a1.8 1.8 0 0 0 2.6 2.6l5.4-5.4A5 5 0 0 0 18.1 6.9l-2.9 2.9-2.6-.4-.4-2.6z" />
  </Icon>
);

/** Waves with a stroke through them: no connection. */
export const OfflineIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.3a9.5 9.5 0 0 1 13 0M8.7 15.6a5 5 0 0 1 6.6 0" />
    <circle cx="12" cy="19" r="0.8" />
    <path d="M3.5 3.5l17 17" />
  </Icon>
);

/** A circle with a stroke through it: not allowed. */
export const BlockedIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </Icon>
);

/** A keyboard prompt in a window: the command palette. */
export const CommandPaletteIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m7 10 3 2-3 2M12.5 14.5H17" />
  </Icon>
);
