/** A coloured status dot with an accessible name: green when active, grey otherwise (spec 2 §Projects). */
export function StatusDot({ active, label, color }: { active: boolean; label: string; color?: string }) {
  return (
    <span
      className={active ? 'status-dot status-dot--active' : 'status-dot'}
      style={color ? { background: color } : undefined}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
