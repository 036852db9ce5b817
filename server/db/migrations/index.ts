/** The ordered list of migrations. Add a new file per schema change and list it here; never edit a landed one. */
import type { Migration } from 'kysely';
import * as core from './0001_core';
import * as projectsModelsLibraries from './0002_projects_models_libraries';
import * as liveRowCounts from './0003_live_row_counts';
import * as modelFilesUploads from './0004_model_files_uploads';
import * as sharedStateUploadKinds from './0006_shared_state_upload_kinds';
import * as libraryItems from './0010_library_items';
import * as security from './0020_security';
import * as downloadsPropertyMaps from './0030_downloads_property_maps';
import * as materials from './0040_materials';
import * as account from './0050_account';
import * as plannedMaintenance from './0060_planned_maintenance';
import * as faqReports from './0070_faq_reports';
import * as storedMessages from './0080_stored_messages';
import * as invitationAcceptance from './0100_invitation_acceptance';
import * as materialImportMessages from './0110_material_import_messages';
import * as convertedGeometry from './0120_converted_geometry';
import * as activityMessages from './0130_activity_messages';
import * as userPreferences from './0140_user_preferences';
import * as savedViews from './0150_saved_views';

export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_projects_models_libraries': projectsModelsLibraries,
  '0003_live_row_counts': liveRowCounts,
  '0004_model_files_uploads': modelFilesUploads,
  '0006_shared_state_upload_kinds': sharedStateUploadKinds,
  '0010_library_items': libraryItems,
  '0020_security': security,
  '0030_downloads_property_maps': downloadsPropertyMaps,
  '0040_materials': materials,
  '0050_account': account,
  '0060_planned_maintenance': plannedMaintenance,
  '0070_faq_reports': faqReports,
  '0080_stored_messages': storedMessages,
  '0100_invitation_acceptance': invitationAcceptance,
  '0110_material_import_messages': materialImportMessages,
  '0120_converted_geometry': convertedGeometry,
  '0130_activity_messages': activityMessages,
  '0140_user_preferences': userPreferences,
  '0150_saved_views': savedViews,
};
