/**
 * A thin bar along the top of the window for something of unknown length that holds up the whole screen (the
 * next page loading): an indeterminate `progressbar` named for assistive technology, in the primary colour. A
 * stripe runs along it, or it stands still where the user asks for reduced motion.
 */
import './top-progress-bar.css';

export function TopProgressBar({ label }: { label: string }) {
  return (
    <div className="ui-top-progress" role="progressbar" aria-label={label}>
      <span className="ui-top-progress__stripe" aria-hidden />
    </div>
  );
}
