/**
 * Every declared resource. Adding an entity: write `src/resources/<entity>/<entity>.tsx` with `defineResource`,
 * add its texts as `public/locales/{en,nl}/<ns>.json` (the build registers every namespace file), and list it here.
 */
import { models } from './models/models';
import { projects } from './projects/projects';
import type { ResourceDeclaration } from './types';

export const RESOURCES: ResourceDeclaration[] = [projects, models];
