/** The tenant's logo when the host names a known company, the product logo otherwise. */
import { useTranslation } from 'react-i18next';
import { CompanyLogo } from '@/ui/CompanyLogo';
import { useTenant } from './TenantContext';

export const PRODUCT_LOGO = '/logo.svg';

export function BrandLogo({ size = 56 }: { size?: number }) {
  const { t } = useTranslation();
  const { tenant } = useTenant();
  if (tenant) return <CompanyLogo name={tenant.name} logo={tenant.logo} size={size} />;
  return <img src={PRODUCT_LOGO} alt={t('product.name')} width={size} height={size} />;
}
