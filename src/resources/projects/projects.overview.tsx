/**
 * The project overview (/projects/overview/{projectId}, spec 2 §Projects), declared for the generic overview page:
 * name, status, labels (with the plus button to the labels tab), team, description, preview image and dates (its
 * hero, ProjectHero); its models (live status, each opening its overview) and sub-projects. Its header actions
 * (Duplicate, Delete back to the list, Edit) are declared (`overview` in projects.resource.tsx); on hatch 'New
 * Model' and 'New sub-project'; 'Manage models' for the project's model management.
 */
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Glyph } from '@/ui/Glyph';
import { Descriptions } from 'antd';
import { linksSection } from '@/components/overview-links';
import { PeopleList } from '@/components/PeopleList';
import { PreviewFrame } from '@/components/PreviewFrame';
import { actionPermission, permissionOf } from '@/declarations/permissions-from';
import { defineOverviewPage, type OverviewBodyProps, type OverviewPartProps } from '@/declarations/types';
import { StatusDot } from '@/ui/StatusDot';
import { ModelCard } from '../models/ModelCard';
import { models } from '../models/models.resource';
import { useModelLiveUpdates } from '@/components/processing/useModelLiveUpdates';
import { FavoriteToggle } from './FavoriteToggle';
import { LabelsCell } from './LabelsCell';
import type { ProjectDetail } from '@shared/entities/projects';
import { PROJECT_ABILITIES } from '@shared/entities/project-values';
import '@/components/processing/processing.css';
import './projects.css';

/** The project's preview beside its description and details. */
function ProjectHero({ record: project, details, context: { t } }: OverviewBodyProps<ProjectDetail>) {
  return (
    <div className="project-hero show-page__card">
      <PreviewFrame
        src={project.cover_image}
        alt={t('overview.previewOf', { name: project.name })}
        emptyLabel={t('overview.noPreview')}
        className="project-hero__preview"
      />
      <div className="project-hero__body">
        <p className={project.description ? 'project-hero__description' : 'muted'}>
          {project.description || t('overview.noDescription')}
        </p>
        <Descriptions
          size="small"
          layout="vertical"
          colon={false}
          column={{ xs: 2, sm: 2, md: 2, lg: 2, xl: 4 }}
          items={details}
        />
      </div>
    </div>
  );
}

function ProjectModels({ record: project, context: { t } }: OverviewPartProps<ProjectDetail>) {
  return project.models.length ? (
    <ul className="model-cards" aria-labelledby="project-models">
      {project.models.map((model) => (
        <li key={model.id}>
          <ModelCard model={model} to={`/projects/models/overview/${model.id}`} />
        </li>
      ))}
    </ul>
  ) : (
    <p className="muted">{t('overview.noModels')}</p>
  );
}

export default defineOverviewPage<ProjectDetail>({
  titleId: 'project-title',
  className: 'project-overview',
  trail: { parent: { field: 'parent_id' } },
  badge: (project, { t, platform }) => {
    const statusLabel = t(`values.${project.status}`);
    return (
      <>
        <span className="project-status">
          <StatusDot active={project.status === 'active'} label={statusLabel} />
          {statusLabel}
        </span>
        {platform === 'customerportal' && <FavoriteToggle project={project} />}
      </>
    );
  },
  useLive: useModelLiveUpdates,
  fields: [
    {
      key: 'labels',
      labelKey: 'columns.labels',
      span: 2,
      render: (project, { can }) => (
        <LabelsCell
          labels={project.labels}
          editLabels={can('edit') ? `/projects/edit/${project.id}?tab=5` : undefined}
        />
      ),
    },
    { key: 'created', labelKey: 'columns.created', field: 'created_at', kind: 'date' },
    { key: 'updated', labelKey: 'columns.updated', field: 'updated_at', kind: 'date' },
    {
      key: 'users',
      labelKey: 'columns.users',
      span: 'filled',
      render: (project, { t }) => <PeopleList people={project.users} emptyText={t('overview.noUsers')} />,
    },
  ],
  body: ProjectHero,
  sections: [
    {
      id: 'project-models',
      titleKey: 'overview.models',
      titleValues: (project) => ({ count: project.models.length }),
      actions: [
        {
          kind: 'link',
          key: 'manage-models',
          labelKey: 'overview.manageModels',
          icon: <Glyph icon={AppstoreOutlined} />,
          to: (project) => `/projects/manage/${project.id}`,
        },
        {
          kind: 'link',
          key: 'new-model',
          labelKey: 'overview.newModel',
          icon: <Glyph icon={PlusOutlined} />,
          needs: actionPermission(models, 'create'),
          primary: true,
          to: (project) => `/projects/models/create/${project.id}`,
        },
      ],
      content: ProjectModels,
    },
    {
      id: 'project-sub-projects',
      titleKey: 'overview.subProjects',
      titleValues: (project) => ({ count: project.sub_projects.length }),
      actions: [
        {
          kind: 'link',
          key: 'new-sub-project',
          labelKey: 'overview.newSubProject',
          icon: <Glyph icon={PlusOutlined} />,
          // Sub-projects are created in hatch (the overview's reader may see projects already).
          needs: permissionOf(PROJECT_ABILITIES.create, 'hatch'),
          to: (project) => `/projects/create/${project.id}`,
        },
      ],
      content: linksSection<ProjectDetail>({
        useLinks: (project, { t }) =>
          project.sub_projects.map((sub) => ({
            key: sub.id,
            name: sub.name,
            to: `/projects/overview/${sub.id}`,
            status: { active: sub.status === 'active', label: t(`values.${sub.status}`) },
          })),
        className: 'sub-projects',
        emptyKey: 'overview.noSubProjects',
      }),
    },
  ],
});
