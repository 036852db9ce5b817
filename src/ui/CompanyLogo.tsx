/** A company's logo image, or a monogram of its name in the theme colour when it has none. */
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
  if (logo) return <img className="company-logo" src={logo} alt={name} width={size} height={size} />;
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
