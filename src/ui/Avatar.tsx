/** A round picture of a person or company, or its initials when there is none. */
import './ui.css';
import { Children, type ReactNode, useState } from 'react';
import { classNames } from './class-names';
import { initialsOf } from './CompanyLogo';

const SIZES = { small: 24, default: 32, large: 40 } as const;

export interface AvatarProps {
  /** Whose picture: the initials fall back to it, and it is the image's text unless `alt` says otherwise. */
  name: string;
  src?: string | null;
  /** The image's text; '' when a neighbouring text already names the person. */
  alt?: string;
  size?: keyof typeof SIZES | number;
  className?: string;
}

export function Avatar({ name, src, alt = name, size = 'default', className }: AvatarProps) {
  const pixels = typeof size === 'number' ? size : SIZES[size];
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: pixels, height: pixels, fontSize: Math.round(pixels * 0.42) };
  if (src && failed !== src)
    return (
      <img
        className={classNames('ui-avatar', className)}
        style={style}
        src={src}
        alt={alt}
        onError={() => setFailed(src)}
      />
    );
  return (
    <span
      className={classNames('ui-avatar ui-avatar--initials', className)}
      style={style}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {initialsOf(name)}
    </span>
  );
}

/** Overlapping avatars; past `max` the rest are counted in a last '+n' circle. */
export function AvatarGroup({
  max = 4,
  children,
  moreLabel,
}: {
  max?: number;
  children: ReactNode;
  /** The accessible text of the '+n' circle, given n. */
  moreLabel: (count: number) => string;
}) {
  const items = Children.toArray(children);
  const hidden = items.length - max;
  return (
    <span className="ui-avatar-group">
      {hidden > 0 ? items.slice(0, max) : items}
      {hidden > 0 && (
        <span
          className="ui-avatar ui-avatar--initials ui-avatar--more"
          role="img"
          aria-label={moreLabel(hidden)}
        >
          +{hidden}
        </span>
      )}
    </span>
  );
}
