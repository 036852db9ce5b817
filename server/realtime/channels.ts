/**
 * Who is subscribed to which channel, and on presence channels which member each subscription belongs to
 * (a user with several connections is one member: added on the first, removed with the last).
 */

/** One websocket connection as the registry sees it. */
export interface Subscriber {
  readonly socketId: string;
  /** Sends an already encoded frame. */
  send(frame: string): void;
}

/** The `channel_data` of a presence subscription. */
export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

export interface PresenceState {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

interface Member {
  data: PresenceMember;
  subscribers: Set<Subscriber>;
}

interface Channel {
  subscribers: Set<Subscriber>;
  /** Presence channels: members by user id (as a string, the key pusher-js uses). */
  members: Map<string, Member>;
  memberOf: Map<Subscriber, string>;
}

const memberKey = (member: PresenceMember) => String(member.user_id);

export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  /**
   * Subscribes; on a presence channel `member` says who. Returns whether this is a member that was not present
   * before (the moment to announce `member_added`).
   */
  join(name: string, subscriber: Subscriber, member?: PresenceMember): { newMember: boolean } {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { subscribers: new Set(), members: new Map(), memberOf: new Map() };
      this.channels.set(name, channel);
    }
    channel.subscribers.add(subscriber);
    if (!member || channel.memberOf.has(subscriber)) return { newMember: false };
    const key = memberKey(member);
    const existing = channel.members.get(key);
    channel.memberOf.set(subscriber, key);
    if (existing) {
      existing.subscribers.add(subscriber);
      return { newMember: false };
    }
    channel.members.set(key, { data: member, subscribers: new Set([subscriber]) });
    return { newMember: true };
  }

  /** Unsubscribes; returns the member that left with its last subscription (the moment for `member_removed`). */
  leave(name: string, subscriber: Subscriber): { departedMember: PresenceMember | null } {
    const channel = this.channels.get(name);
    if (!channel || !channel.subscribers.delete(subscriber)) return { departedMember: null };
    let departedMember: PresenceMember | null = null;
    const key = channel.memberOf.get(subscriber);
    if (key !== undefined) {
      channel.memberOf.delete(subscriber);
      const member = channel.members.get(key)!;
      member.subscribers.delete(subscriber);
      if (!member.subscribers.size) {
        channel.members.delete(key);
        departedMember = member.data;
      }
    }
    if (!channel.subscribers.size) this.channels.delete(name);
    return { departedMember };
  }

  isSubscribed(name: string, subscriber: Subscriber): boolean {
    return this.channels.get(name)?.subscribers.has(subscriber) ?? false;
  }

  subscribers(name: string): ReadonlySet<Subscriber> {
    return this.channels.get(name)?.subscribers ?? new Set();
  }

  /** The presence member a subscription belongs to. */
  memberOf(name: string, subscriber: Subscriber): PresenceMember | null {
    const channel = this.channels.get(name);
    const key = channel?.memberOf.get(subscriber);
    return key === undefined ? null : channel!.members.get(key)!.data;
  }

  /** The `presence` object of `subscription_succeeded`. */
  presence(name: string): PresenceState {
    const members = this.channels.get(name)?.members ?? new Map<string, Member>();
    const hash: Record<string, unknown> = {};
    for (const [key, member] of members) hash[key] = member.data.user_info ?? null;
    return { ids: [...members.keys()], hash, count: members.size };
  }

  subscriptionCount(name: string): number {
    return this.channels.get(name)?.subscribers.size ?? 0;
  }

  userCount(name: string): number {
    return this.channels.get(name)?.members.size ?? 0;
  }
}
