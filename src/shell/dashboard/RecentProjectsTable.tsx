/** Recently updated projects, 25 per page (spec 1 §2.4, §9); shown only with view-projects. */
import { useTable } from '@refinedev/antd';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showsPagination } from '@/components/ListPagination';
import type { ApiListResponse } from '@/providers/data-provider';
import { RelativeTime } from '@/shell/notifications/RelativeTime';
import { DashboardCard } from './DashboardCard';
import { ProjectPreview } from './ProjectPreview';
import type { ProjectSummary } from './types';

export const RECENT_PROJECTS_PAGE_SIZE = 25;

export function RecentProjectsTable() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { tableProps, tableQuery } = useTable<ProjectSummary>({
    resource: 'projects',
    pagination: { currentPage: 1, pageSize: RECENT_PROJECTS_PAGE_SIZE },
    sorters: { permanent: [{ field: 'updated_at', order: 'desc' }] },
    syncWithLocation: false,
    errorNotification: false,
  });
  const projectPath = (project: ProjectSummary) => `/projects/overview/${project.id}`;

  const columns: ColumnsType<ProjectSummary> = [
    {
      key: 'name',
      title: t('table.name'),
      render: (_value, project) => (
        <div className="project-cell">
          <ProjectPreview src={project.preview_image} className="project-cell-image" />
          <div className="project-cell-text">
            <Link to={projectPath(project)} className="project-cell-name">
              {project.name}
            </Link>
            {project.description && (
              <Typography.Text type="secondary" ellipsis className="project-cell-description">
                {project.description}
              </Typography.Text>
            )}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('table.status'),
      width: 120,
      responsive: ['md'],
      render: (_value, project) =>
        project.status && (
          <Tag color={project.status === 'active' ? 'green' : 'default'} bordered={false}>
            {t(`table.statuses.${project.status}`)}
          </Tag>
        ),
    },
    {
      key: 'labels',
      title: t('table.labels'),
      width: 260,
      responsive: ['lg'],
      render: (_value, project) => (
        <div className="project-labels">
          {(project.labels ?? []).map((label) => (
            <Tag key={label.id} className="project-label" bordered={false}>
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
      responsive: ['sm'],
      render: (_value, project) => project.updated_at && <RelativeTime date={project.updated_at} />,
    },
  ];

  return (
    <DashboardCard className="dashboard-projects-table" titleId="recent-table-title" title={t('table.title')}>
      <Table<ProjectSummary>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={undefined}
        tableLayout="fixed"
        size="middle"
        pagination={
          showsPagination((tableQuery.data as ApiListResponse<ProjectSummary> | undefined)?.meta?.links) &&
          tableProps.pagination
        }
        locale={{ emptyText: t('recent.none') }}
        onRow={(project) => ({
          onClick: () => void navigate(projectPath(project)),
          className: 'clickable-row',
        })}
      />
    </DashboardCard>
  );
}
