import type { MeetingAccount } from './seedTypes.ts';

/** An account with the user its tokens act for settled. */
export type ResolvedAccount = MeetingAccount & { userId: string; scopes: string[] };
