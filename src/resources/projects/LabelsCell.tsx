/** A project's coloured labels, with the plus button that opens the labels tab of its edit form (spec 2 §Projects). */
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LabelSummary } from '@shared/entities/summaries';
import { LabelTags } from '@/components/cells';
import { Button } from '@/ui/Button';
import { Glyph } from '@/ui/Glyph';

export function LabelsCell({ labels, editLabels }: { labels: LabelSummary[]; editLabels?: string }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  return (
    <span className="cell-labels">
      <LabelTags labels={labels} />
      {editLabels && (
        <Button
          size="small"
          shape="circle"
          icon={<Glyph icon={PlusOutlined} />}
          aria-label={t('actions.addLabel')}
          title={t('actions.addLabel')}
          onClick={(event) => {
            event.stopPropagation();
            navigate(editLabels);
          }}
        />
      )}
    </span>
  );
}
