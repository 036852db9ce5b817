/** What a dashboard card shows when it has nothing to list: antd's simple Empty look (an inbox and a grey text). */
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import { Glyph } from '@/ui/Glyph';

export function DashboardEmpty({ text }: { text: string }) {
  return (
    <p className="dashboard-empty">
      <Glyph icon={InboxOutlined} className="dashboard-empty-icon" />
      <span>{text}</span>
    </p>
  );
}
