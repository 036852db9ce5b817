/**
 * /shared/{token}: the public page of a share link (issue 46; server/api/shared.ts), for anyone holding the link,
 * no account needed, on the company's host with its theme: the company's logo and name, the model's name and
 * description, the 3D viewer (a material's map on a sphere) with its statistics and, where the link allows it, the
 * download of the original file.
 * A link with a password asks for it first (a wrong one is said under the field; too many tries are refused for a
 * minute). A link pinned to a version names it beside the model's name. A revoked, expired or unknown link, or one whose model is gone, says so on a page of its own, never a
 * blank one. `?embed=1` (the embed snippet's iframe) shows the viewer alone, filling the frame.
 */
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SHARE_PASSWORD_HEADER, sharePasswordHeader } from '@shared/entities/share-link-values';
import type { SharedModel } from '@shared/entities/share-links';
import { saveBlob } from '@/lib/save-blob';
import { ApiError, apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { CompanyLogo } from '@/ui/CompanyLogo';
import { FullScreenState } from '@/ui/FullScreenState';
import { Spinner } from '@/ui/Spinner';
import { LockIcon } from '@/ui/icons';
import { LoginField } from '@/shell/login/LoginField';
import { BrandLogo } from '@/shell/tenant/BrandLogo';
import '@/shell/login/login.css';
import './shared-page.css';

/**
 * The viewer loads once there is a model to show, as the overviews' does: its parts are the signed-in screens' too
 * (scripts/build/first-visit-layers.ts), so this public page imports none of them itself.
 */
const Viewer3D = lazy(() =>
  import('@/components/viewer/Viewer3D').then((module) => ({ default: module.Viewer3D })),
);

/** Why the page shows no model: the link's state as the server answered it. */
type Refusal = 'missing' | 'revoked' | 'expired' | 'removed' | 'tooMany' | 'failed';

type Status =
  | { state: 'loading' }
  | { state: 'password'; wrong: boolean; checking: boolean }
  | { state: 'refused'; reason: Refusal }
  | { state: 'open'; model: SharedModel; password: string | null };

const sharedPath = (token: string) => `/shared/${encodeURIComponent(token)}`;

/** The server's refusal as the page words it. */
function refusalOf(error: unknown): Refusal | 'password' {
  if (!(error instanceof ApiError)) return 'failed';
  const reason = (error.body as { reason?: string } | null)?.reason;
  if (error.status === 401) return 'password';
  if (error.status === 429) return 'tooMany';
  if (error.status === 404) return 'missing';
  if (reason === 'revoked' || reason === 'expired' || reason === 'removed') return reason;
  return 'failed';
}

/** Asks for the shared model, with the link's password where one was typed. */
const readShared = (token: string, password: string | null) =>
  apiRequest<{ data: SharedModel }>(sharedPath(token), {
    announce: false,
    headers: password ? { [SHARE_PASSWORD_HEADER]: sharePasswordHeader(password) } : {},
  }).then((answer) => answer.data);

/** Saves the original file (the password goes in a header, so the file is fetched rather than linked). */
async function download(token: string, password: string | null, name: string) {
  const file = await apiRequest<Blob>(`${sharedPath(token)}/download`, {
    announce: false,
    responseType: 'blob',
    headers: password ? { [SHARE_PASSWORD_HEADER]: sharePasswordHeader(password) } : {},
  });
  saveBlob(file, name);
}

function PasswordForm({
  wrong,
  checking,
  onSubmit,
}: {
  wrong: boolean;
  checking: boolean;
  onSubmit(password: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <main className="fullscreen-state">
      <section className="fullscreen-state__panel shared-password" aria-labelledby={`${id}-title`}>
        <div className="fullscreen-state__logo">
          <BrandLogo />
        </div>
        <h1 id={`${id}-title`} className="fullscreen-state__title">
          {t('shared.passwordTitle')}
        </h1>
        <p className="fullscreen-state__text">{t('shared.passwordText')}</p>
        <form className="shared-password__form" onSubmit={submit} noValidate>
          <LoginField
            id={`${id}-password`}
            label={t('shared.password')}
            icon={<LockIcon />}
            error={null}
            input={{
              type: 'password',
              autoComplete: 'off',
              value: password,
              autoFocus: true,
              onChange: (event) => setPassword(event.target.value),
              'aria-describedby': wrong ? `${id}-error` : undefined,
            }}
          />
          {wrong && (
            <div id={`${id}-error`} className="shared-password__error" role="alert">
              {t('shared.wrongPassword')}
            </div>
          )}
          <Button variant="primary" htmlType="submit" loading={checking} disabled={!password}>
            {t('shared.open')}
          </Button>
        </form>
      </section>
    </main>
  );
}

export function SharedModelPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const embedded = params.get('embed') === '1';
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  /** Opens the link (with the password typed, if any): the model, or why it does not open. */
  const open = useCallback(
    (password: string | null): Promise<Status> =>
      readShared(token, password).then(
        (model): Status => ({ state: 'open', model, password }),
        (error: unknown): Status => {
          const reason = refusalOf(error);
          return reason === 'password'
            ? { state: 'password', wrong: password !== null, checking: false }
            : { state: 'refused', reason };
        },
      ),
    [token],
  );

  useEffect(() => {
    let current = true;
    void open(null).then((next) => current && setStatus(next));
    return () => {
      current = false;
    };
  }, [open]);

  if (status.state === 'loading')
    return (
      <FullScreenState logo={<BrandLogo />} icon={<Spinner />} title={t('shared.loading')} role="status" />
    );
  if (status.state === 'password')
    return (
      <PasswordForm
        wrong={status.wrong}
        checking={status.checking}
        onSubmit={(password) => {
          setStatus({ ...status, checking: true });
          void open(password).then(setStatus);
        }}
      />
    );
  if (status.state === 'refused')
    return (
      <FullScreenState
        logo={<BrandLogo />}
        title={t(`shared.refused.${status.reason}.title`)}
        text={t(`shared.refused.${status.reason}.text`)}
        role="alert"
      />
    );

  const { model, password } = status;
  // A material shows its base-colour map on a sphere; a model or an item its glb.
  const material = model.kind === 'material';
  const shownUrl = material ? model.viewer_texture_url : model.viewer_model_url;
  const viewer = shownUrl ? (
    <Suspense fallback={<Spinner />}>
      <Viewer3D
        variant={material ? 'material' : 'model'}
        url={shownUrl}
        name={model.name}
        previewUrl={model.preview_image_url}
        statistics={model.statistics}
        arModelUrl={model.ar_model_url}
        className={embedded ? 'shared-page__viewer shared-page__viewer--embedded' : 'shared-page__viewer'}
      />
    </Suspense>
  ) : (
    <>
      {model.preview_image_url && (
        <img
          className="shared-page__preview"
          src={model.preview_image_url}
          alt={t('shared.previewOf', { name: model.name })}
        />
      )}
      {!material && <p className="shared-page__pending">{t('shared.notReady')}</p>}
      {material && !model.preview_image_url && (
        <p className="shared-page__pending">{t('shared.noMaterialPicture')}</p>
      )}
    </>
  );
  if (embedded) return <main className="shared-page shared-page--embedded">{viewer}</main>;
  return (
    <div className="shared-page">
      <header className="shared-page__header">
        <CompanyLogo name={model.company.name} logo={model.company.logo} size={40} />
        <span className="shared-page__company">{model.company.name}</span>
      </header>
      <main className="shared-page__main">
        <div className="shared-page__title">
          <h1>
            {model.name}
            {model.version !== null && ' '}
            {model.version !== null && (
              <span className="shared-page__version">{t('shared.version', { number: model.version })}</span>
            )}
          </h1>
          {model.allow_download && (
            <Button
              variant="primary"
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                setDownloadFailed(false);
                download(token, password, model.name)
                  .catch(() => setDownloadFailed(true))
                  .finally(() => setDownloading(false));
              }}
            >
              {t('shared.download')}
            </Button>
          )}
        </div>
        {downloadFailed && (
          <p className="shared-page__error" role="alert">
            {t('shared.downloadFailed')}
          </p>
        )}
        {model.description && <p className="shared-page__description">{model.description}</p>}
        {viewer}
        <p className="shared-page__note">{t('shared.readOnly', { company: model.company.name })}</p>
      </main>
    </div>
  );
}
