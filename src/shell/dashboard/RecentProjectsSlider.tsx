/**
 * The 5 most recently updated projects, one slide at a time (spec 1 §2.4): 'View Project' opens the project;
 * the arrows are disabled at the first and the last slide.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './DashboardCard';
import { LinkButton } from './LinkButton';
import { ProjectPreview } from './ProjectPreview';
import type { ProjectSummary } from './types';

export const RECENT_PROJECTS = 5;

export function RecentProjectsSlider() {
  const { t } = useTranslation('dashboard');
  const { result, query } = useList<ProjectSummary>({
    resource: 'projects',
    pagination: { currentPage: 1, pageSize: RECENT_PROJECTS },
    sorters: [{ field: 'updated_at', order: 'desc' }],
    meta: {
      included_fields: ['projects.id', 'projects.name', 'projects.description', 'projects.preview_image'],
    },
    errorNotification: false,
  });
  const projects = result.data;
  const [requestedIndex, setIndex] = useState(0);
  const index = Math.min(requestedIndex, Math.max(projects.length - 1, 0));
  const last = projects.length - 1;

  return (
    <DashboardCard
      className="recent-slider"
      aria-roledescription="carousel"
      titleId="recent-slider-title"
      title={t('recent.title')}
      controls={
        projects.length > 0 && (
          <div className="recent-slider-controls">
            <span className="recent-slider-position" aria-live="polite">
              {t('recent.position', { current: index + 1, total: projects.length })}
            </span>
            <Button
              shape="circle"
              icon={<LeftOutlined />}
              aria-label={t('recent.previous')}
              disabled={index <= 0}
              onClick={() => setIndex(index - 1)}
            />
            <Button
              shape="circle"
              icon={<RightOutlined />}
              aria-label={t('recent.next')}
              disabled={index >= last}
              onClick={() => setIndex(index + 1)}
            />
          </div>
        )
      }
    >
      {query.isLoading ? (
        <Skeleton active avatar={{ shape: 'square', size: 160 }} paragraph={{ rows: 3 }} />
      ) : projects.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.none')} />
      ) : (
        <div className="recent-slider-viewport">
          <div className="recent-slider-track" style={{ transform: `translateX(-${index * 100}%)` }}>
            {projects.map((project, position) => (
              <article
                key={project.id}
                className="recent-slide"
                aria-roledescription="slide"
                aria-label={t('recent.position', { current: position + 1, total: projects.length })}
                aria-hidden={position !== index}
                inert={position !== index}
              >
                <ProjectPreview src={project.preview_image} className="recent-slide-image" />
                <div className="recent-slide-body">
                  <Typography.Title level={5} className="recent-slide-name" ellipsis={{ rows: 2 }}>
                    {project.name}
                  </Typography.Title>
                  <Typography.Paragraph
                    type="secondary"
                    ellipsis={{ rows: 3 }}
                    className="recent-slide-description"
                  >
                    {project.description || t('recent.noDescription')}
                  </Typography.Paragraph>
                  <LinkButton
                    type="primary"
                    to={`/projects/overview/${project.id}`}
                    className="recent-slide-link"
                  >
                    {t('recent.viewProject')}
                  </LinkButton>
                </div>
              </article>
            ))}
          </div>
        </div>
      )}
    </DashboardCard>
  );
}
