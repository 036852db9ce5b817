/** The dashboard at / (spec 1 §2.4). */
import { PROJECT_ABILITIES } from '@shared/entities/project-values';
import { useAuthorization } from '@/providers/useAuthorization';
import { CountTiles } from './CountTiles';
import { DashboardHeader } from './DashboardHeader';
import { DesignSoftwareWarning } from './DesignSoftwareWarning';
import { RecentProjectsSlider } from './RecentProjectsSlider';
import { RecentProjectsTable } from './RecentProjectsTable';
import { UpdatesBox } from './UpdatesBox';
import './surfaces.css';
import './dashboard.css';

export function DashboardPage() {
  const authorization = useAuthorization();
  const { user } = authorization;
  const seesProjects = authorization.can(PROJECT_ABILITIES.show);

  return (
    <div className="dashboard">
      <DashboardHeader user={user} />
      <DesignSoftwareWarning user={user} />
      <CountTiles authorization={authorization} />
      <div className={seesProjects ? 'dashboard-columns' : 'dashboard-columns dashboard-columns-single'}>
        {seesProjects && <RecentProjectsSlider />}
        <UpdatesBox />
      </div>
      {seesProjects && <RecentProjectsTable />}
    </div>
  );
}
