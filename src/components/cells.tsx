/** The built-in cell renderers of declared columns (`kind`), shared by lists, cards and show pages. */
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleOutlined from '@ant-design/icons-svg/es/asn/CloseCircleOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import type { BaseRecord } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellKind } from '@/declarations/types';
import { Avatar, AvatarGroup } from '@/ui/Avatar';
import { Glyph } from '@/ui/Glyph';
import { StatusDot } from '@/ui/StatusDot';
import { Tag } from '@/ui/Tag';
import { Tooltip } from '@/ui/Tooltip';
import { colorNameKey } from '@/lib/colors';
import { formatCount, formatDate } from '@/lib/intl-formats';
import type { LabelSummary, UserSummary } from '@shared/entities/summaries';
import { previewSrcSet } from '@shared/preview-images';

/** The one way a date or date-time is written (kept here too: cells and pages import it with the cells). */
export { formatDate };

/** A label as its chip shows it: a label's summary (shared/entities/summaries.ts), or any keyed name and colour. */
type LabelChip = Omit<LabelSummary, 'id'> & { id: LabelSummary['id'] | string };

export function LabelTags({ labels }: { labels: readonly LabelChip[] }) {
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
const personDetails = (person: UserSummary) =>
  [person.name, person.function, person.email].filter(Boolean).join(' · ');

/** Up to 4 people's pictures (initials without one), then '+n'; each names the person, function and email. */
export function PeopleAvatars({ people }: { people: readonly UserSummary[] }) {
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
    <img className="cell-thumbnail" src={src} srcSet={previewSrcSet(src)} alt={alt} loading="lazy" />
  ) : (
    <span className="cell-thumbnail cell-thumbnail--empty" role="img" aria-label={alt}>
      <Glyph icon={FileImageOutlined} />
    </span>
  );
}

/** A colour as a swatch followed by its name where it has one and its value ('Cyan #13c2c2'). */
export function ColorSwatch({ color }: { color: string }) {
  const { t } = useTranslation('lists');
  const name = colorNameKey(color);
  return (
    <span className="cell-color">
      <span className="cell-color__swatch" style={{ background: color }} aria-hidden />
      {name && <span>{t(`colors.${name}`)}</span>}
      <span className={name ? 'cell-color__value' : undefined}>{color}</span>
    </span>
  );
}

/** A colour as a chip: its value beside a dot of the colour, in the look of the projects' label chips. */
export function ColorChip({ color }: { color: string }) {
  return <LabelTags labels={[{ id: color, name: color, color }]} />;
}

/** A status in a badge coloured by the record's `status_color` (spec 2 §Processor). */
export function StatusBadge({ status, color }: { status: string; color: string | null | undefined }) {
  return (
    <Tag className="status-badge" style={{ ['--status-color' as string]: color ?? undefined }}>
      {status}
    </Tag>
  );
}

/** True or false as a check or a cross, named for assistive technology. */
export function BooleanIcon({ value }: { value: boolean }) {
  const { t } = useTranslation('lists');
  return value ? (
    <Glyph icon={CheckCircleFilled} className="cell-icon cell-icon--yes" label={t('values.yes')} />
  ) : (
    <Glyph icon={CloseCircleOutlined} className="cell-icon cell-icon--no" label={t('values.no')} />
  );
}

/** Verified (a date or flag is set) as a check, unverified as an envelope (spec 2 §Security users). */
export function VerifiedIcon({ verified }: { verified: boolean }) {
  const { t } = useTranslation('lists');
  return verified ? (
    <Glyph icon={CheckCircleFilled} className="cell-icon cell-icon--yes" label={t('values.verified')} />
  ) : (
    <Glyph icon={MailOutlined} className="cell-icon" label={t('values.unverified')} />
  );
}

export interface CellContext {
  language: string | undefined;
  /** Accessible text of an image or status cell. */
  describe: (value: unknown) => string;
  /** The whole record (a badge's `status_color`, a chip's name). */
  record?: BaseRecord;
  /** `status` cells: the values shown as active. */
  activeValues?: readonly string[];
}

const isSet = (value: unknown) =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== '';

export function renderCell(kind: CellKind, value: unknown, context: CellContext): ReactNode {
  switch (kind) {
    case 'date':
      return formatDate(value, context.language);
    case 'datetime':
      return formatDate(value, context.language, true);
    case 'image':
      return <Thumbnail src={value} alt={context.describe(value)} />;
    case 'status':
      return (
        <StatusDot
          active={typeof value === 'string' && !!context.activeValues?.includes(value)}
          label={context.describe(value)}
        />
      );
    case 'statusBadge':
      return typeof value === 'string' && value ? (
        <StatusBadge
          status={context.describe(value)}
          color={context.record?.status_color as string | undefined}
        />
      ) : null;
    case 'color':
      return typeof value === 'string' && value ? <ColorSwatch color={value} /> : null;
    case 'colorChip':
      return typeof value === 'string' && value ? <ColorChip color={value} /> : null;
    case 'boolean':
      return <BooleanIcon value={isSet(value) && value !== '0'} />;
    case 'verified':
      return <VerifiedIcon verified={isSet(value)} />;
    case 'labels':
      return <LabelTags labels={Array.isArray(value) ? (value as LabelSummary[]) : []} />;
    case 'avatars':
      return <PeopleAvatars people={Array.isArray(value) ? (value as UserSummary[]) : []} />;
    case 'count':
      return typeof value === 'number' ? formatCount(value, context.language) : '';
    default:
      // A value, never a developer's view of one: no 'true'/'false', no '[object Object]' or JSON.
      if (typeof value === 'boolean') return <BooleanIcon value={value} />;
      return value === null || value === undefined || typeof value === 'object' ? '' : String(value);
  }
}
