/**
 * The notification types a role (and a user) can receive, grouped by category (spec 2 §3 "Notification
 * setting"): a fixed catalogue of what the product notifies about, so ids are stable across databases.
 */
export interface NotificationType {
  id: number;
  /** Translation key below `notificationTypes.` and the English title the API answers. */
  key: string;
  title: string;
  category: 'projects' | 'processing' | 'security' | 'platform';
}

export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  { id: 1, key: 'projectAssigned', title: 'Added to a project', category: 'projects' },
  { id: 2, key: 'projectUpdated', title: 'Project updated', category: 'projects' },
  { id: 3, key: 'modelProcessed', title: 'Model processed', category: 'processing' },
  { id: 4, key: 'processingFailed', title: 'Processing failed', category: 'processing' },
  { id: 5, key: 'userInvited', title: 'User invited', category: 'security' },
  { id: 6, key: 'permissionsChanged', title: 'Permissions changed', category: 'security' },
  { id: 7, key: 'plannedMaintenance', title: 'Planned maintenance', category: 'platform' },
];

export const NOTIFICATION_TYPE_IDS = NOTIFICATION_TYPES.map((type) => type.id);
