/**
 * Changelog items of each type, each with its Dutch description: some dated per environment (development →
 * production), some not dated at all.
 */
import type { DB } from '../../db/database';
import type { ChangelogType } from '../../db/schema';
import { daysAgo } from '../time';
import { defineSeedArea } from '../seed-area';

interface ChangelogSeed {
  type: ChangelogType;
  description: string;
  /** The Dutch description Dutch readers see (issue 12). */
  description_nl: string;
  /** Days ago it reached development, test, acceptance and production; null = not (yet) there. */
  on: [number | null, number | null, number | null, number | null];
}

const ITEMS: ChangelogSeed[] = [
  {
    type: 'added',
    description: 'Global search across projects, models, libraries and users.',
    description_nl: 'Zoeken in projecten, modellen, bibliotheken en gebruikers tegelijk.',
    on: [60, 55, 50, 45],
  },
  {
    type: 'fixed',
    description: 'The notification bell kept its dot after marking everything as read.',
    description_nl: 'De meldingenbel hield zijn stip nadat alles als gelezen was gemarkeerd.',
    on: [40, 38, 36, 35],
  },
  {
    type: 'updated',
    description: 'The project list opens faster for companies with many projects.',
    description_nl: 'De projectenlijst opent sneller voor bedrijven met veel projecten.',
    on: [30, 28, 25, 21],
  },
  {
    type: 'added',
    description: 'The portal is now available in Dutch.',
    description_nl: 'Het portaal is nu ook in het Nederlands beschikbaar.',
    on: [24, 20, 16, 14],
  },
  {
    type: 'fixed',
    description: 'Model previews did not load in Safari.',
    description_nl: 'Voorbeelden van modellen laadden niet in Safari.',
    on: [18, 15, 12, 7],
  },
  {
    type: 'updated',
    description: 'A new colour picker for the company theme.',
    description_nl: 'Een nieuwe kleurkiezer voor het bedrijfsthema.',
    on: [14, 11, 8, 3],
  },
  {
    type: 'added',
    description: 'Favourite projects on the Designs and Sales platform.',
    description_nl: 'Favoriete projecten op het Designs and Sales-platform.',
    on: [10, 7, 4, null],
  },
  {
    type: 'fixed',
    description: 'Sorting by modified date ignored the time of day.',
    description_nl: 'Sorteren op wijzigingsdatum negeerde het tijdstip.',
    on: [8, 5, null, null],
  },
  {
    type: 'updated',
    description: 'Processor cards show how long processing took.',
    description_nl: 'Verwerkingskaarten tonen hoe lang de verwerking duurde.',
    on: [5, 2, null, null],
  },
  {
    type: 'added',
    description: 'Bulk archiving of library items.',
    description_nl: 'Bibliotheekitems in één keer archiveren.',
    on: [3, null, null, null],
  },
  {
    type: 'fixed',
    description: 'Uploading .matz files larger than 2 GB failed.',
    description_nl: 'Het uploaden van .matz-bestanden groter dan 2 GB mislukte.',
    on: [1, null, null, null],
  },
  {
    type: 'updated',
    description: 'Clearer message when too many sign-in attempts were made.',
    description_nl: 'Duidelijkere melding na te veel aanmeldpogingen.',
    on: [null, null, null, null],
  },
  {
    type: 'added',
    description: 'Presence indicators show who else is viewing a project.',
    description_nl: 'Aanwezigheidsindicatoren tonen wie er nog meer naar een project kijkt.',
    on: [null, null, null, null],
  },
];

export async function seedChangelog(db: DB): Promise<void> {
  const now = Date.now();
  const dated = (days: number | null) => (days === null ? null : daysAgo(days, now));
  await db
    .insertInto('changelog_items')
    .values(
      ITEMS.map((item, index) => {
        const created = daysAgo((item.on[0] ?? 0) + 2 + index / 10, now);
        return {
          type: item.type,
          description: item.description,
          description_nl: item.description_nl,
          screenshot: null,
          date_on_development: dated(item.on[0]),
          date_on_test: dated(item.on[1]),
          date_on_acceptance: dated(item.on[2]),
          date_on_production: dated(item.on[3]),
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .execute();
}

export default defineSeedArea({ order: 30, run: seedChangelog });
