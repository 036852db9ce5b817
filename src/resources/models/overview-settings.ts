/**
 * The model overview's record settings (spec 2 §Models): the declaration and a first visit's record request read
 * them here, so the entry asks for the record the overview will ask for without loading the declarations.
 */
import type { OverviewSettings } from '@/declarations/types';

export default {
  name: 'projects/models',
  route: 'projects/models/overview/:modelId',
  idParam: 'modelId',
} satisfies OverviewSettings;
