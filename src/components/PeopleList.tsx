/**
 * People named on an overview (a project's team): each with their picture or initials, their name and what they do
 * (their function, else their email), or the given text where there is nobody.
 */
import { Avatar } from 'antd';
import type { UserSummary } from '@shared/entities/summaries';
import { initialsOf } from '@/ui/CompanyLogo';
import './people-list.css';

export function PeopleList({ people, emptyText }: { people: readonly UserSummary[]; emptyText: string }) {
  if (!people.length) return <span className="muted">{emptyText}</span>;
  return (
    <ul className="people-list">
      {people.map((person) => (
        <li key={person.id}>
          <Avatar size="small" src={person.profile_image ?? undefined} alt={person.name}>
            {initialsOf(person.name)}
          </Avatar>
          <span className="people-list__name">{person.name}</span>
          {(person.function || person.email) && (
            <span className="people-list__detail">{person.function || person.email}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
