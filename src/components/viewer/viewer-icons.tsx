/**
 * The icons of the 3D viewer's toolbar (issue 28), drawn here as line icons in the text colour (1em, like antd's):
 * aim (fit to view), home (reset view), a wireframe cube, a ruler (distance), a bar chart (statistics), a speech
 * bubble (comment), a camera (saved viewpoints), a cube in a frame (AR), a cross (delete), and full screen in and out.
 * Not taken from @ant-design/icons: an icon of that set used by any screen is bundled into the signed-in layer
 * every first visit loads (scripts/build/first-visit-layers.ts), and the viewer must not add to those budgets.
 */
import type { ReactNode } from 'react';

function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="viewer__icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const FitIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="6.5" />
    <circle cx="12" cy="12" r="1.6" fill="currentColor" stroke="none" />
    <path d="M12 2.5v4M12 17.5v4M2.5 12h4M17.5 12h4" />
  </LineIcon>
);

export const ResetIcon = () => (
  <LineIcon>
    <path d="M3.5 11.2 12 4l8.5 7.2" />
    <path d="M6 9.6V20h4.2v-5.2h3.6V20H18V9.6" />
  </LineIcon>
);

export const WireframeIcon = () => (
  <LineIcon>
    <path d="M12 2.8 20.2 7.4v9.2L12 21.2l-8.2-4.6V7.4Z" />
    <path d="M3.8 7.4 12 12l8.2-4.6M12 12v9.2" />
    <path d="M3.8 16.6 12 12l8.2 4.6M12 2.8V12" strokeDasharray="1.6 2.2" strokeWidth={1.3} />
  </LineIcon>
);

export const StatisticsIcon = () => (
  <LineIcon>
    <path d="M4 20.5h16" />
    <path d="M6.5 17V11M11 17V5.5M15.5 17v-7.5M20 17V8" strokeWidth={2.3} />
  </LineIcon>
);

/** View in your room: a cube standing in the corners of a frame (the usual sign for AR). */
export const ArIcon = () => (
  <LineIcon>
    <path d="M3 8V4.5A1.5 1.5 0 0 1 4.5 3H8M16 3h3.5A1.5 1.5 0 0 1 21 4.5V8M21 16v3.5a1.5 1.5 0 0 1-1.5 1.5H16M8 21H4.5A1.5 1.5 0 0 1 3 19.5V16" />
    <path d="m12 6.8 4.6 2.6v5.2L12 17.2l-4.6-2.6V9.4Z" />
    <path d="m7.4 9.4 4.6 2.6 4.6-2.6M12 12v5.2" />
  </LineIcon>
);

export const FullscreenIcon = () => (
  <LineIcon>
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
  </LineIcon>
);

export const ExitFullscreenIcon = () => (
  <LineIcon>
    <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />
  </LineIcon>
);

/** A ruler laid across: the distance tool. */
export const RulerIcon = () => (
  <LineIcon>
    <path d="M3.5 15.5 15.5 3.5l5 5-12 12z" />
    <path d="m7 12 1.8 1.8M10 9l2.5 2.5M13 6l1.8 1.8" />
  </LineIcon>
);

/** A cube cut by a plane: the section tool. */
export const SectionIcon = () => (
  <LineIcon>
    <path d="M12 3 4 7.5v9L12 21l8-4.5v-9z" />
    <path d="M4 12.5 12 8l8 4.5" strokeDasharray="2 2" />
  </LineIcon>
);

export const CommentIcon = () => (
  <LineIcon>
    <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4z" />
    <path d="M12 8.2v5.2M9.4 10.8h5.2" />
  </LineIcon>
);

export const ViewpointsIcon = () => (
  <LineIcon>
    <path d="M3.5 8.5h3l1.6-2.5h7.8l1.6 2.5h3v10h-17z" />
    <circle cx="12" cy="13.2" r="3.3" />
  </LineIcon>
);

export const CloseIcon = () => (
  <LineIcon>
    <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />
  </LineIcon>
);
