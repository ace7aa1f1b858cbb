import type { components } from '../../src/generated/meeting-platform.ts';

export type User = components['schemas']['User'];
export type Meeting = components['schemas']['Meeting'];
export type MeetingListItem = components['schemas']['MeetingListItem'];

/** A server-to-server app of one account: what a client sends to the token endpoint. */
export interface MeetingAccount {
  clientId: string;
  clientSecret: string;
  accountId: string;
  /** The user the account's tokens act for (`/users/me`); default: the account's first user. */
  userId?: string;
  /** Scopes granted to the app; default: read access to users and meetings. */
  scopes?: string[];
}

/** A user to seed: identity and account required, the rest filled in the way the platform shows it. */
export type UserSeed = Pick<User, 'id' | 'email' | 'account_id'> & Partial<User>;

/** A meeting to seed; `join_url` is derived from the id when absent. */
export type MeetingSeed = Pick<Meeting, 'uuid' | 'id' | 'host_id' | 'topic' | 'start_time'> &
  Partial<Omit<Meeting, 'settings'>>;

export interface MeetingPlatformSeed {
  users: UserSeed[];
  meetings: MeetingSeed[];
}
