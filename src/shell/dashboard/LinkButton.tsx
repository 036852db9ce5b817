/**
 * A link (`<a href>`) in the look of the light Button (`src/ui/Button.tsx`) that navigates inside the app on a
 * plain click; a click with a modifier key or another button does what the browser does with a link.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ButtonProps } from '@/ui/Button';
import { classNames } from '@/ui/class-names';

interface LinkButtonProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> {
  to: string;
  state?: unknown;
  variant?: ButtonProps['variant'];
  size?: 'small' | 'middle';
}

export function LinkButton({
  to,
  state,
  variant = 'default',
  size = 'middle',
  className,
  ...rest
}: LinkButtonProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to, { state });
  };
  return (
    <a
      {...rest}
      href={to}
      onClick={onClick}
      className={classNames(
        'ui-button',
        `ui-button--${variant}`,
        size === 'small' && 'ui-button--small',
        className,
      )}
    />
  );
}
