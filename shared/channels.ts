/**
 * The push channels of spec 1 §7 and spec 2 §7 as Echo names them (`echo.private(name)`); on the wire, and in the
 * server's publishing, they carry the `private-` or `presence-` prefix. Both sides build them here.
 */

/** The company's sub-channels on which its processed entities' processing events arrive. */
export const PROCESSING_CHANNELS = ['ProjectModel', 'LibraryItem'] as const;
export type ProcessingChannel = (typeof PROCESSING_CHANNELS)[number];

/** A private channel's name on the wire (Echo's `echo.private(name)` adds the prefix itself). */
export const privateChannel = (name: string) => `private-${name}`;

/** A user's own channel in a company: notifications and permission changes. */
export const userChannel = (companyId: number, userId: number) => `Company.${companyId}.User.${userId}`;

/** The company's channel: record changes of its lists. */
export const companyChannel = (companyId: number) => `Company.${companyId}`;

/** One of the company's processing channels. */
export const processingChannel = (companyId: number, entity: ProcessingChannel) =>
  `${companyChannel(companyId)}.${entity}`;
