/** A spinning ring in the text colour; decorative unless given a label (then a `status` with that name). */
export function Spinner({ size = 'default', label }: { size?: 'small' | 'default'; label?: string }) {
  return (
    <span
      className={size === 'small' ? 'ui-spinner ui-spinner--small' : 'ui-spinner'}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
