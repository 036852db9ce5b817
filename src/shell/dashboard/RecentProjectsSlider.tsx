/**
 * The 5 most recently updated projects, one slide at a time (spec 1 §2.4): 'View Project' opens the project;
 * the arrows are disabled at the first and the last slide.
 */
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { Glyph } from '@/ui/Glyph';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { Skeleton } from '@/ui/Skeleton';
import { DashboardCard } from './DashboardCard';
import { DashboardEmpty } from './DashboardEmpty';
import { LinkButton } from './LinkButton';
import { ProjectPreview } from './ProjectPreview';
import type { ProjectSummary } from './types';

export const RECENT_PROJECTS = 5;

export function RecentProjectsSlider() {
  const { t } = useTranslation('dashboard');
  const { t: tl } = useTranslation('lists');
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
              icon={<Glyph icon={LeftOutlined} />}
              aria-label={t('recent.previous')}
              disabled={index <= 0}
              onClick={() => setIndex(index - 1)}
            />
            <Button
              shape="circle"
              icon={<Glyph icon={RightOutlined} />}
              aria-label={t('recent.next')}
              disabled={index >= last}
              onClick={() => setIndex(index + 1)}
            />
          </div>
        )
      }
    >
      {query.isLoading ? (
        <div className="recent-slider-loading">
          <span className="recent-slide-image recent-slider-loading-image" aria-hidden />
          <Skeleton rows={3} label={tl('loading')} className="recent-slide-body" />
        </div>
      ) : projects.length === 0 ? (
        <DashboardEmpty text={t('recent.none')} />
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
                  <h5 className="recent-slide-name">{project.name}</h5>
                  <p className="recent-slide-description">
                    {project.description || t('recent.noDescription')}
                  </p>
                  <LinkButton
                    variant="primary"
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
