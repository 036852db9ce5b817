/**
 * The tenant switcher at the top of the side navigation (spec 1 §2.3): the current company, and in its menu the
 * user's other companies with logo and subdomain; choosing one goes to that company's host.
 */
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { Glyph } from '@/ui/Glyph';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/providers/http-client';
import { useTenant } from '@/shell/tenant/TenantContext';
import { classNames } from '@/ui/class-names';
import { CompanyLogo } from '@/ui/CompanyLogo';
import { type MenuItem, MenuButton } from '@/ui/MenuButton';
import { companySwitchUrl } from './host-switch';

export interface CompanySummary {
  id: number;
  name: string;
  sub_domain: string;
  logo: string | null;
}

export const COMPANIES_QUERY_KEY = ['shell', 'companies'] as const;

export function TenantSwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { tenant } = useTenant();
  const companies = useQuery({
    queryKey: COMPANIES_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: CompanySummary[] }>('/companies', { signal }),
    staleTime: 5 * 60_000,
  });
  if (!tenant) return null;

  const others = (companies.data?.data ?? []).filter((company) => company.sub_domain !== tenant.sub_domain);
  const items: MenuItem[] = others.length
    ? others.map((company) => ({
        key: company.sub_domain,
        icon: <CompanyLogo name={company.name} logo={company.logo} size={28} />,
        label: (
          <span className="tenant-option">
            <span className="tenant-option__name">{company.name}</span>
            <span className="tenant-option__domain">{company.sub_domain}</span>
          </span>
        ),
        onSelect: () => window.location.assign(companySwitchUrl(company.sub_domain)),
      }))
    : [
        {
          key: 'none',
          disabled: true,
          label: companies.isLoading ? t('states.loading') : t('tenantSwitcher.none'),
        },
      ];

  return (
    <MenuButton
      items={items}
      placement="bottom-start"
      label={t('tenantSwitcher.label')}
      className="tenant-menu"
      renderTrigger={(props) => (
        <button
          type="button"
          className={classNames('tenant-switcher', collapsed && 'tenant-switcher--collapsed')}
          aria-label={t('tenantSwitcher.label')}
          {...props}
        >
          <CompanyLogo name={tenant.name} logo={tenant.logo} size={36} />
          {!collapsed && (
            <>
              <span className="tenant-switcher__text">
                <span className="tenant-switcher__name">{tenant.name}</span>
                <span className="tenant-switcher__domain">{tenant.sub_domain}</span>
              </span>
              <Glyph icon={DownOutlined} className="tenant-switcher__chevron" />
            </>
          )}
        </button>
      )}
    />
  );
}
