/**
 * An overview section of records linked to the overview's record (`linksSection`): each a link to its own screen,
 * with its status dot where it has one (a project's sub-projects, a material's variants), or the declared text where
 * there are none. A section's `content` made from a declaration, so only the overviews that have one load it.
 */
import type { BaseRecord } from '@refinedev/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { OverviewLinksDeclaration, OverviewPartProps } from '@/declarations/types';
import { StatusDot } from '@/ui/StatusDot';

/** The section's `content` listing the links `links` declares. */
export function linksSection<TRecord extends BaseRecord>(
  links: OverviewLinksDeclaration<TRecord>,
): ComponentType<OverviewPartProps<TRecord>> {
  return function OverviewLinks({ record, context }: OverviewPartProps<TRecord>) {
    const items = links.useLinks(record, context);
    if (!items.length) return <p className="muted">{context.t(links.emptyKey)}</p>;
    return (
      <ul className={links.className}>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to}>
              {item.status ? (
                <>
                  <StatusDot active={item.status.active} label={item.status.label} />
                  <span>{item.name}</span>
                </>
              ) : (
                item.name
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  };
}
