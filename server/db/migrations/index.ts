/** The ordered list of migrations. Add a new file per schema change and list it here; never edit a landed one. */
import type { Migration } from 'kysely';
import * as core from './0001_core';
import * as projectsModelsLibraries from './0002_projects_models_libraries';
import * as liveRowCounts from './0003_live_row_counts';
import * as modelFilesUploads from './0004_model_files_uploads';
import * as sharedStateUploadKinds from './0006_shared_state_upload_kinds';
import * as faqReports from './0070_faq_reports';

export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_projects_models_libraries': projectsModelsLibraries,
  '0003_live_row_counts': liveRowCounts,
  '0004_model_files_uploads': modelFilesUploads,
  '0006_shared_state_upload_kinds': sharedStateUploadKinds,
  '0070_faq_reports': faqReports,
};
