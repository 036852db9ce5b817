/** The banner of an action's result (`useResultBanner`): success as a status, failure as an alert. */
import { Alert } from 'antd';
import type { Banner } from './useResultBanner';

export function ResultBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  if (!banner) return null;
  return (
    <Alert
      className="list-banner"
      type={banner.type}
      message={banner.text}
      showIcon
      closable
      onClose={onClose}
      role={banner.type === 'error' ? 'alert' : 'status'}
    />
  );
}
