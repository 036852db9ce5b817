/**
 * /ar/{table}/{uuid}: the AR page of a processed version (issue 45, shared/ar-models.ts), what the QR code of the
 * viewer's View in your room opens on a phone. Public, as the files it names are (by their unguessable keys): no
 * sign-in. An iPhone or iPad gets the picture as a link into AR Quick Look with the USDZ, an Android phone a
 * button into Scene Viewer with the glb, any other device a word that this is a page for a phone. A path that
 * names no version's files says so on a page of its own.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { arFiles } from '@shared/ar-models';
import { arWay, sceneViewerIntent } from '@/components/viewer/ar-launch';
import { FullScreenState } from '@/ui/FullScreenState';
import '@/shell/shared/shared-page.css';
import './ar-page.css';

export function ArPage() {
  const { t } = useTranslation();
  const { table = '', name = '' } = useParams();
  const files = arFiles(table, name);
  if (!files) return <FullScreenState title={t('ar.title')} text={t('ar.notFound')} role="alert" />;
  const way = arWay();
  const picture = <img className="ar-page__preview" src={files.preview} alt={t('ar.previewOf')} />;
  return (
    <div className="shared-page">
      <main className="shared-page__main ar-page">
        <h1>{t('ar.title')}</h1>
        <p>{t('ar.intro')}</p>
        {way === 'quickLook' ? (
          <>
            {/* AR Quick Look opens a rel="ar" link whose only child is an image. */}
            <a rel="ar" href={files.usdz} className="ar-page__launch" aria-label={t('ar.quickLook')}>
              {picture}
            </a>
            <p className="shared-page__note">{t('ar.quickLookHint')}</p>
          </>
        ) : way === 'sceneViewer' ? (
          <>
            {picture}
            <a
              className="ui-button ui-button--primary ui-button--large ar-page__button"
              href={sceneViewerIntent(files.glb, t('ar.title'), location.href)}
            >
              <span className="ui-button__label">{t('ar.sceneViewer')}</span>
            </a>
            <p className="shared-page__note">{t('ar.sceneViewerHint')}</p>
          </>
        ) : (
          <>
            {picture}
            <p className="shared-page__note">{t('ar.other')}</p>
          </>
        )}
      </main>
    </div>
  );
}
