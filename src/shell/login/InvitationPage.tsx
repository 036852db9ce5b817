/**
 * /invitation?token=…, the link of an invitation into a company (issue 14; `POST /users/invite` mails it and
 * notifies an existing account): who invited the user where with which role, and Accept or Decline
 * (`/invitations/{token}`, server/api/invitation-acceptance.ts). A new account chooses its name, username and
 * password when accepting; the server's messages show under the fields. Afterwards the user signs in to the company.
 * An invitee who holds no licence there is told, before and after accepting, that they cannot use a platform until
 * given one, and whom to ask: the inviter (name and address) or else the company's administrators (issue 31).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { deployment } from '@/lib/runtime-config';
import { ApiError, apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { UserIcon } from '@/ui/icons';
import { LoginField } from './LoginField';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordResetCard } from './PasswordResetCard';

interface Invitation {
  email: string;
  name: string;
  username: string;
  new_account: boolean;
  company: { name: string; sub_domain: string };
  role: string | null;
  invited_by: string | null;
  invited_by_email: string | null;
  /** Licence keys the invitee already holds in the company. */
  licenses: string[];
}

type Status =
  | { state: 'loading' }
  | { state: 'gone' }
  | { state: 'open'; invitation: Invitation; pending?: 'accept' | 'decline'; failed?: boolean }
  | { state: 'answered'; invitation: Invitation; accepted: boolean };

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;
const publicCall = { public: !deployment.host.company, announce: false } as const;

/** The company's sign-in: on its own host when the link was opened elsewhere. */
function SignInLink({ subdomain, label }: { subdomain: string; label: string }) {
  if (deployment.host.company === subdomain) {
    return (
      <Link className="login-link-button" to="/login">
        {label}
      </Link>
    );
  }
  return (
    <a className="login-link-button" href={`${deployment.originFor(subdomain)}/login`}>
      {label}
    </a>
  );
}

/** The sentence saying that platform access needs a licence, and whom to ask; null when one is held already. */
function licenceNotice(t: TFunction<'account'>, invitation: Invitation, accepted: boolean): string | null {
  if (invitation.licenses.length) return null;
  const company = invitation.company.name;
  const key = accepted ? 'invitation.acceptedNoLicence' : 'invitation.noLicence';
  return invitation.invited_by && invitation.invited_by_email
    ? t(`${key}.inviter`, { inviter: invitation.invited_by, email: invitation.invited_by_email, company })
    : t(`${key}.admins`, { company });
}

export function InvitationPage() {
  const { t, ready } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [status, setStatus] = useState<Status>(() => (token ? { state: 'loading' } : { state: 'gone' }));
  const [account, setAccount] = useState({ name: '', username: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const ids = { name: useId(), username: useId() };

  useEffect(() => {
    if (!token) return;
    let current = true;
    apiRequest<{ data: Invitation }>(invitationPath(token), publicCall).then(
      ({ data }) => {
        if (!current) return;
        setAccount((fields) => ({ ...fields, name: data.name, username: data.username }));
        setStatus({ state: 'open', invitation: data });
      },
      () => current && setStatus({ state: 'gone' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!ready) return null;
  if (status.state === 'loading') {
    return (
      <PasswordResetCard title={t('invitation.title')} intro={t('invitation.loading')}>
        {null}
      </PasswordResetCard>
    );
  }
  if (status.state === 'gone') {
    return (
      <PasswordResetCard title={t('invitation.title')} intro={t('invitation.gone')}>
        {null}
      </PasswordResetCard>
    );
  }
  const { invitation } = status;
  const company = invitation.company.name;
  if (status.state === 'answered') {
    return (
      <PasswordResetCard
        title={status.accepted ? t('invitation.acceptedTitle') : t('invitation.declinedTitle')}
        // Accepted, the card's own action is signing in: one link to it, not two.
        backLink={!status.accepted}
        intro={
          status.accepted
            ? (licenceNotice(t, invitation, true) ?? t('invitation.accepted', { company }))
            : t('invitation.declined', { company })
        }
      >
        {status.accepted && (
          <SignInLink subdomain={invitation.company.sub_domain} label={t('invitation.signIn')} />
        )}
      </PasswordResetCard>
    );
  }

  const answer = async (action: 'accept' | 'decline') => {
    if (status.pending) return;
    if (action === 'accept' && invitation.new_account) {
      const missing: Record<string, string[]> = {};
      if (!account.name.trim()) missing.name = [t('invitation.nameRequired')];
      if (!account.username.trim()) missing.username = [t('invitation.usernameRequired')];
      if (!account.password) missing.password = [t('reset.passwordRequired')];
      else if (account.password !== account.confirmation)
        missing.password_confirmation = [t('reset.mismatch')];
      setErrors(missing);
      if (Object.keys(missing).length) return;
    }
    setStatus({ ...status, pending: action, failed: false });
    try {
      await apiRequest(`${invitationPath(token)}/${action}`, {
        ...publicCall,
        method: 'POST',
        body:
          action === 'accept' && invitation.new_account
            ? {
                name: account.name.trim(),
                username: account.username.trim(),
                password: account.password,
                password_confirmation: account.confirmation,
              }
            : {},
      });
      setStatus({ state: 'answered', invitation, accepted: action === 'accept' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setStatus({ state: 'gone' });
        return;
      }
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      setStatus({ ...status, pending: undefined, failed: !(error instanceof ApiError && error.errors) });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void answer('accept');
  };
  const message = (field: string) => errors[field]?.[0] ?? null;
  const field = (name: keyof typeof account) => ({
    value: account[name],
    onChange: (event: { target: { value: string } }) =>
      setAccount((fields) => ({ ...fields, [name]: event.target.value })),
  });
  const intro = [
    invitation.invited_by
      ? t('invitation.invitedBy', { inviter: invitation.invited_by, company })
      : t('invitation.invited', { company }),
    invitation.role ? t('invitation.role', { role: invitation.role }) : '',
    licenceNotice(t, invitation, false) ?? '',
    invitation.new_account
      ? t('invitation.newAccount')
      : t('invitation.existingAccount', { email: invitation.email }),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordResetCard
      title={t('invitation.titleOf', { company })}
      intro={intro}
      error={status.failed ? t('reset.failed') : null}
    >
      <form noValidate onSubmit={submit}>
        {invitation.new_account && (
          <fieldset className="login-fields" disabled={!!status.pending}>
            <LoginField
              id={ids.name}
              label={t('invitation.name')}
              icon={<UserIcon />}
              error={message('name')}
              input={{ name: 'name', autoComplete: 'name', autoFocus: true, ...field('name') }}
            />
            <LoginField
              id={ids.username}
              label={t('invitation.username')}
              icon={<UserIcon />}
              error={message('username')}
              input={{ name: 'username', autoComplete: 'username', ...field('username') }}
            />
            <NewPasswordFields
              labels={{ password: t('invitation.password'), confirmation: t('invitation.confirmation') }}
              values={account}
              errors={{ password: message('password'), confirmation: message('password_confirmation') }}
              onChange={(name, value) => setAccount((fields) => ({ ...fields, [name]: value }))}
            />
          </fieldset>
        )}
        <div className="invitation-actions">
          <Button
            variant="primary"
            size="large"
            block
            htmlType="submit"
            loading={status.pending === 'accept'}
          >
            {status.pending === 'accept' ? t('invitation.accepting') : t('invitation.accept')}
          </Button>
          <Button
            size="large"
            block
            loading={status.pending === 'decline'}
            disabled={!!status.pending}
            onClick={() => void answer('decline')}
          >
            {t('invitation.decline')}
          </Button>
        </div>
      </form>
    </PasswordResetCard>
  );
}
