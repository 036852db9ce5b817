/**
 * Which private and presence channels a session may join (the counterpart of Laravel's routes/channels.php):
 * a user's own channel in the company of the request's host, and that company's private and presence channels
 * (including its ProjectModel and LibraryItem processing channels).
 * Another company's or another user's channel is never granted.
 */
import type { Session } from '../auth/session';
import { channels } from './broadcaster';
import type { PresenceMember } from './channels';

export interface ChannelGrant {
  /** On a presence channel: who the subscriber is to the other members (`channel_data`). */
  member: PresenceMember | null;
}

/**
 * The grant of `channelName` to the session, or null; a presence member's picture as `pictureUrl` makes it (the
 * session holds the storage key; the channel route gives its URL, as every answer does).
 */
export function channelGrant(
  session: Session,
  channelName: string,
  pictureUrl: (key: string | null) => string | null = (key) => key,
): ChannelGrant | null {
  const { user, company } = session;
  switch (channelName) {
    case channels.user(company.id, user.id):
    case channels.company(company.id):
    case channels.projectModels(company.id):
    case channels.libraryItems(company.id):
      return { member: null };
    case channels.companyPresence(company.id):
      return {
        member: {
          user_id: user.id,
          user_info: { id: user.id, name: user.name, profile_image: pictureUrl(user.profile_image) },
        },
      };
    default:
      return null;
  }
}
