/**
 * Recently updated projects, 25 per page (spec 1 §2.4, §9), in the lists' table (`DataTable`) with the lists'
 * pagination (only when `meta.links` has more than 3 links); shown only with view-projects.
 */
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { awaitingRows } from '@/components/awaiting-rows';
import { ListPagination } from '@/components/ListPagination';
import type { ApiListResponse } from '@/providers/list-query';
import { RelativeTime } from '@/shell/notifications/RelativeTime';
import { type DataColumn, DataTable } from '@/ui/DataTable';
import { Skeleton } from '@/ui/Skeleton';
import { Tag } from '@/ui/Tag';
import { DashboardCard } from './DashboardCard';
import { ProjectPreview } from './ProjectPreview';
import type { ProjectSummary } from './types';

export const RECENT_PROJECTS_PAGE_SIZE = 25;

const projectPath = (project: ProjectSummary) => `/projects/overview/${project.id}`;

export function RecentProjectsTable() {
  const { t } = useTranslation('dashboard');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { result, query } = useList<ProjectSummary>({
    resource: 'projects',
    pagination: { currentPage: page, pageSize: RECENT_PROJECTS_PAGE_SIZE },
    sorters: [{ field: 'updated_at', order: 'desc' }],
    errorNotification: false,
  });
  const response = result as unknown as ApiListResponse<ProjectSummary> | undefined;

  const columns: DataColumn<ProjectSummary>[] = [
    {
      key: 'name',
      title: t('table.name'),
      // On a phone the row is stacked under its name, with its status and update time as lines below it.
      stack: 'title',
      render: (project) => (
        <div className="project-cell">
          <ProjectPreview src={project.cover_image} className="project-cell-image" />
          <div className="project-cell-text">
            <Link to={projectPath(project)} className="project-cell-name">
              {project.name}
            </Link>
            {project.description && (
              <span className="project-cell-description" title={project.description}>
                {project.description}
              </span>
            )}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('table.status'),
      width: 120,
      render: (project) =>
        project.status && (
          <Tag className={`project-status project-status-${project.status}`}>
            {t(`table.statuses.${project.status}`)}
          </Tag>
        ),
    },
    {
      key: 'labels',
      title: t('table.labels'),
      width: 260,
      hideBelow: 'lg',
      render: (project) => (
        <div className="project-labels">
          {(project.labels ?? []).map((label) => (
            <Tag key={label.id} className="project-label">
              <span
                className="project-label-dot"
                style={{ background: label.color ?? undefined }}
                aria-hidden
              />
              {label.name}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      key: 'updated_at',
      title: t('table.updated'),
      width: 150,
      render: (project) => project.updated_at && <RelativeTime date={project.updated_at} />,
    },
  ];

  return (
    <DashboardCard className="dashboard-projects-table" titleId="recent-table-title" title={t('table.title')}>
      {query.isLoading ? (
        <Skeleton rows={8} label={tl('loading')} />
      ) : (
        <DataTable<ProjectSummary>
          aria-labelledby="recent-table-title"
          className="dashboard-table"
          rowKey={(project) => String(project.id)}
          columns={columns}
          rows={response?.data ?? []}
          loading={awaitingRows(query)}
          emptyText={t('recent.none')}
          rowProps={(project) => ({
            onClick: () => void navigate(projectPath(project)),
            className: 'clickable-row',
          })}
        />
      )}
      <ListPagination meta={response?.meta} onChange={setPage} />
    </DashboardCard>
  );
}
