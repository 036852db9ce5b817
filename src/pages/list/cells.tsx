/** The built-in cell renderers of declared columns (`kind`), shared by lists and show pages. */
import { FileImageOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellKind } from '@/resources/types';
import { Avatar, AvatarGroup } from '@/ui/Avatar';
import { StatusDot } from '@/ui/StatusDot';
import { Tag } from '@/ui/Tag';
import { Tooltip } from '@/ui/Tooltip';

export interface LabelValue {
  id: number | string;
  name: string;
  color?: string | null;
}

export interface PersonValue {
  id: number | string;
  name: string;
  function?: string | null;
  email?: string | null;
  profile_image?: string | null;
}

export function formatDate(value: unknown, language: string | undefined, withTime = false): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}

export function LabelTags({ labels }: { labels: readonly LabelValue[] }) {
  return (
    <span className="cell-labels">
      {labels.map((label) => (
        <Tag
          key={label.id}
          className="label-tag"
          style={{ ['--label-color' as string]: label.color ?? undefined }}
        >
          <span className="label-tag__dot" aria-hidden />
          {label.name}
        </Tag>
      ))}
    </span>
  );
}

/** Name, function and email of a person, as one line. */
const personDetails = (person: PersonValue) =>
  [person.name, person.function, person.email].filter(Boolean).join(' · ');

/** Up to 4 people's pictures (initials without one), then '+n'; each names the person, function and email. */
export function PeopleAvatars({ people }: { people: readonly PersonValue[] }) {
  const { t } = useTranslation('lists');
  return (
    <AvatarGroup max={4} moreLabel={(count) => t('moreUsers', { count })}>
      {people.map((person) => (
        <Tooltip key={person.id} title={personDetails(person)}>
          <span className="cell-avatar">
            <Avatar name={person.name} src={person.profile_image} alt={personDetails(person)} size="small" />
          </span>
        </Tooltip>
      ))}
    </AvatarGroup>
  );
}

export function Thumbnail({ src, alt }: { src: unknown; alt: string }) {
  return typeof src === 'string' && src ? (
    <img className="cell-thumbnail" src={src} alt={alt} loading="lazy" />
  ) : (
    <span className="cell-thumbnail cell-thumbnail--empty" role="img" aria-label={alt}>
      <FileImageOutlined aria-hidden />
    </span>
  );
}

export interface CellContext {
  language: string | undefined;
  /** Accessible text of an image or status cell. */
  describe: (value: unknown) => string;
}

export function renderCell(kind: CellKind, value: unknown, context: CellContext): ReactNode {
  switch (kind) {
    case 'date':
      return formatDate(value, context.language);
    case 'datetime':
      return formatDate(value, context.language, true);
    case 'image':
      return <Thumbnail src={value} alt={context.describe(value)} />;
    case 'status':
      return <StatusDot active={value === 'active' || value === 'ACTIVE'} label={context.describe(value)} />;
    case 'labels':
      return <LabelTags labels={Array.isArray(value) ? (value as LabelValue[]) : []} />;
    case 'avatars':
      return <PeopleAvatars people={Array.isArray(value) ? (value as PersonValue[]) : []} />;
    case 'count':
      return typeof value === 'number' ? value.toLocaleString(context.language) : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
