/** What a dashboard card shows when it has nothing to list: antd's simple Empty look (an inbox and a grey text). */
import { InboxOutlined } from '@ant-design/icons';

export function DashboardEmpty({ text }: { text: string }) {
  return (
    <p className="dashboard-empty">
      <InboxOutlined className="dashboard-empty-icon" aria-hidden />
      <span>{text}</span>
    </p>
  );
}
