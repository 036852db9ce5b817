/**
 * The project overview (/projects/overview/{projectId}, spec 2 §Projects): name, status, labels (with the plus
 * button to the labels tab), team, description, preview image and dates; its models (live status, each opening its
 * overview) and sub-projects. Its header actions (Duplicate, Delete back to the list, Edit) are declared
 * (`overview` in projects.resource.tsx); on hatch 'New Model' and 'New sub-project'; 'Manage models' for the project's
 * model management.
 */
import { AppstoreOutlined, FileImageOutlined, PlusOutlined } from '@ant-design/icons';
import { type HttpError, useOne, useShow } from '@refinedev/core';
import { Avatar, Button, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { formatDate } from '@/components/cells';
import { initialsOf } from '@/ui/CompanyLogo';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useResultBanner } from '@/components/useResultBanner';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import { StatusDot } from '@/ui/StatusDot';
import { ModelCard } from '../models/ModelCard';
import { models } from '../models/models.resource';
import { useModelLiveUpdates } from '../models/useModelLiveUpdates';
import type { ResourcePageProps } from '@/declarations/types';
import { FavoriteToggle } from './FavoriteToggle';
import { LabelsCell } from './LabelsCell';
import type { Project, ProjectDetail } from './projects.resource';
import '@/components/page.css';
import '../models/models.css';
import './projects.css';

function ProjectPeople({ people }: { people: Project['users'] }) {
  const { t } = useTranslation('projects');
  if (!people.length) return <span className="muted">{t('overview.noUsers')}</span>;
  return (
    <ul className="project-people">
      {people.map((person) => (
        <li key={person.id}>
          <Avatar size="small" src={person.profile_image ?? undefined} alt={person.name}>
            {initialsOf(person.name)}
          </Avatar>
          <span className="project-people__name">{person.name}</span>
          {(person.function || person.email) && (
            <span className="project-people__detail">{person.function || person.email}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function ProjectOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('projects');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can, platform } = useResourcePermissions(resource);
  const modelAccess = useResourcePermissions(models);
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs, removing } = useOverviewActions(resource, show);
  const { query, result: project } = useShow<ProjectDetail, HttpError>({
    resource: resource.name,
    id,
    liveMode: 'off',
    // A project being deleted is not read again.
    queryOptions: { enabled: removing === undefined },
  });
  useModelLiveUpdates();
  const parentId = project?.parent_id ?? undefined;
  const parent = useOne<Project, HttpError>({
    resource: resource.name,
    id: parentId ?? '',
    queryOptions: { enabled: parentId !== undefined },
    liveMode: 'off',
  }).result;

  if (query.error) {
    return <LoadFailure error={query.error} back={{ to: '/projects', label: tl('backToList') }} />;
  }
  if (!project) {
    return (
      <section className="show-page" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
      </section>
    );
  }

  const hatch = platform === 'hatch';
  const date = (value: string) => formatDate(value, i18n.resolvedLanguage);
  const statusLabel = t(`values.${project.status}`);
  const editPath = `/projects/edit/${project.id}`;

  return (
    <section className="show-page project-overview" aria-labelledby="project-title">
      <Breadcrumbs
        items={[
          { name: t('title'), to: '/projects' },
          ...(parentId !== undefined
            ? [{ name: parent?.name ?? tl('loading'), to: `/projects/overview/${parentId}` }]
            : []),
          { name: project.name },
        ]}
      />
      <PageHeader title={<span id="project-title">{project.name}</span>} actions={actions(project)}>
        <span className="project-status">
          <StatusDot active={project.status === 'active'} label={statusLabel} />
          {statusLabel}
        </span>
        {platform === 'customerportal' && <FavoriteToggle project={project} />}
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />

      <div className="project-hero show-page__card">
        <figure className="preview-frame project-hero__preview">
          {project.cover_image ? (
            <img src={project.cover_image} alt={t('overview.previewOf', { name: project.name })} />
          ) : (
            <span className="preview-frame__empty" role="img" aria-label={t('overview.noPreview')}>
              <FileImageOutlined aria-hidden />
            </span>
          )}
        </figure>
        <div className="project-hero__body">
          <p className={project.description ? 'project-hero__description' : 'muted'}>
            {project.description || t('overview.noDescription')}
          </p>
          <Descriptions
            size="small"
            layout="vertical"
            colon={false}
            column={{ xs: 2, sm: 2, md: 2, lg: 2, xl: 4 }}
            items={[
              {
                key: 'labels',
                label: t('columns.labels'),
                span: 2,
                children: (
                  <LabelsCell
                    labels={project.labels}
                    editLabels={can('edit') ? `${editPath}?tab=5` : undefined}
                  />
                ),
              },
              { key: 'created', label: t('columns.created'), children: date(project.created_at) },
              { key: 'updated', label: t('columns.updated'), children: date(project.updated_at) },
              {
                key: 'users',
                label: t('columns.users'),
                span: 'filled',
                children: <ProjectPeople people={project.users} />,
              },
            ]}
          />
        </div>
      </div>

      <PageSection
        id="project-models"
        title={t('overview.models', { count: project.models.length })}
        actions={
          <>
            <Button
              icon={<AppstoreOutlined aria-hidden />}
              onClick={() => navigate(`/projects/manage/${project.id}`)}
            >
              {t('overview.manageModels')}
            </Button>
            {modelAccess.can('create') && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => navigate(`/projects/models/create/${project.id}`)}
              >
                {t('overview.newModel')}
              </Button>
            )}
          </>
        }
      >
        {project.models.length ? (
          <ul className="model-cards" aria-labelledby="project-models">
            {project.models.map((model) => (
              <li key={model.id}>
                <ModelCard model={model} to={`/projects/models/overview/${model.id}`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('overview.noModels')}</p>
        )}
      </PageSection>

      <PageSection
        id="project-sub-projects"
        title={t('overview.subProjects', { count: project.sub_projects.length })}
        actions={
          hatch &&
          can('create') && (
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate(`/projects/create/${project.id}`)}
            >
              {t('overview.newSubProject')}
            </Button>
          )
        }
      >
        {project.sub_projects.length ? (
          <ul className="sub-projects">
            {project.sub_projects.map((sub) => (
              <li key={sub.id}>
                <Link to={`/projects/overview/${sub.id}`}>
                  <StatusDot active={sub.status === 'active'} label={t(`values.${sub.status}`)} />
                  <span>{sub.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('overview.noSubProjects')}</p>
        )}
      </PageSection>
      {dialogs}
    </section>
  );
}
