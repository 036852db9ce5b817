/**
 * Companies as administrators manage them (spec 2 Admin, §3, §5, §8, §9): declared once; the list, the forms, the
 * routes and the menu entry derive from it, the record type and the form's rules from
 * `shared/entities/companies.ts`. Select goes to the company's host keeping the path.
 */
import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined';
import { Glyph } from '@/ui/Glyph';
import type { Company, CompanyDetail } from '@shared/entities/companies';
import { COMPANY_ABILITIES } from '@shared/entities/company-values';
import { LICENCE_KEYS } from '@shared/platforms';
import { companySwitchUrl } from '@/lib/host-switch';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineResource, type LinkTarget } from '@/declarations/types';
import settings from './list-settings';

const ADMIN = { admin: true } as const;

const editTarget = (company: Pick<Company, 'id'>): LinkTarget => ({
  to: `/admin/companies/edit/${company.id}`,
  state: ADMIN,
});

export default defineResource<Company>({
  name: settings.name,
  ns: 'adminCompanies',
  screen: 'companies',
  idParam: 'companyId',
  routes: {
    list: settings.route,
    create: 'admin/companies/create',
    edit: 'admin/companies/edit/:companyId',
  },
  guard: ADMIN,
  ...permissionsFrom(COMPANY_ABILITIES),
  navigation: { labelKey: 'nav.companies', icon: <Glyph icon={ShopOutlined} />, group: 'admin', order: 20 },
  list: {
    ...settings.list,
    createState: ADMIN,
    columns: [
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'fqdn', titleKey: 'columns.fqdn', sort: 'fqdn', hideBelow: 'sm' },
      { field: 'database', titleKey: 'columns.database', sort: 'database', hideBelow: 'lg' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
    ],
    rowActions: [
      {
        key: 'select',
        labelKey: 'actions.select',
        icon: <Glyph icon={LoginOutlined} />,
        href: (company) =>
          companySwitchUrl(company.sub_domain, undefined, {
            pathname: window.location.pathname,
            search: window.location.search,
          }),
        disabledReason: (company) => (company.is_current ? 'reasons.current' : undefined),
      },
      editRowAction(editTarget, { needs: undefined }),
    ],
    rowLink: { to: editTarget },
  },
  form: {
    schema: () => import('@shared/entities/companies').then((entity) => entity.CompanyInputSchema),
    tabs: [
      { key: 'details', labelKey: 'tabs.details' },
      { key: 'licences', labelKey: 'tabs.licences' },
      { key: 'appearance', labelKey: 'tabs.appearance' },
    ],
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text', tab: 'details' },
      {
        name: 'sub_domain',
        labelKey: 'fields.subDomain',
        kind: 'text',
        helpKey: 'help.subDomain',
        tab: 'details',
      },
      { name: 'domain', labelKey: 'fields.domain', kind: 'text', helpKey: 'help.domain', tab: 'details' },
      ...LICENCE_KEYS.map((key) => ({
        name: `licenses.${key}`,
        labelKey: `licences.${key}`,
        kind: 'number' as const,
        initial: 0,
        tab: 'licences',
        fromRecord: (record: object) =>
          (record as CompanyDetail).licenses?.find((licence) => licence.key === key)?.bought ?? 0,
      })),
      {
        name: 'colors.is_default',
        labelKey: 'fields.defaultColors',
        kind: 'switch',
        initial: true,
        helpKey: 'help.defaultColors',
        tab: 'appearance',
      },
      { name: 'colors.primary_color', labelKey: 'fields.primaryColor', kind: 'color', tab: 'appearance' },
      {
        name: 'colors.primary_accent',
        labelKey: 'fields.primaryAccent',
        kind: 'color',
        alpha: true,
        tab: 'appearance',
      },
      { name: 'logo', labelKey: 'fields.logo', kind: 'image', tab: 'appearance' },
    ],
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'name',
    disabledReason: (company) => ((company as Company).is_deletable ? undefined : 'reasons.own'),
  },
});
