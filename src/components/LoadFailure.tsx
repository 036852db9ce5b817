/**
 * What a screen shows when its record could not be loaded: the Forbidden (403) page, 'Not found' (404: it does
 * not exist, was deleted or belongs to another company), or that it could not be loaded; each with a way back.
 * The texts are the portal's own, in the user's language (the API's message names its model, `No query results
 * for model [App\Models\Project] 5`, which is no sentence for a user).
 */
import type { HttpError } from '@refinedev/core';
import FileUnknownOutlined from '@ant-design/icons-svg/es/asn/FileUnknownOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage } from './ForbiddenPage';
import { StatePanel, type StatePanelBack } from './StatePanel';
import './page.css';

export function LoadFailure({ error, back }: { error: HttpError; back?: StatePanelBack }) {
  const { t } = useTranslation('lists');
  if (error.statusCode === 403) return <ForbiddenPage reason="record" back={back} />;
  if (error.statusCode === 404) {
    return (
      <StatePanel
        className="load-failure"
        icon={<Glyph icon={FileUnknownOutlined} />}
        title={t('notFound.title')}
        text={t('notFound.text')}
        back={back}
      />
    );
  }
  return (
    <StatePanel
      className="load-failure"
      icon={<Glyph icon={WarningOutlined} />}
      title={t('loadFailed.title')}
      text={t('loadFailed.text')}
      back={back}
    />
  );
}
