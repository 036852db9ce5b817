/**
 * A company's logo image, or a monogram of its name in the theme colour when it has none. The image is `size`
 * high and as wide as its own proportions make it (issue 42: a wide logo shows whole), at most LOGO_MAX_ASPECT
 * times its height and never wider than its place, fitted in (contain) beyond that.
 */

/** A logo is at most this many times as wide as it is high; a wider one is fitted into that width. */
export const LOGO_MAX_ASPECT = 4;
export interface CompanyLogoProps {
  name: string;
  logo: string | null | undefined;
  size?: number;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

export function CompanyLogo({ name, logo, size = 40 }: CompanyLogoProps) {
  if (logo)
    return (
      <img
        className="company-logo company-logo--image"
        src={logo}
        alt={name}
        height={size}
        style={{ height: size, maxWidth: `min(${size * LOGO_MAX_ASPECT}px, 100%)` }}
      />
    );
  return (
    <span
      className="company-logo company-logo--monogram"
      role="img"
      aria-label={name}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </span>
  );
}
