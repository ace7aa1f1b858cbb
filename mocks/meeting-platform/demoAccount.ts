import type { MeetingAccount } from './seedTypes.ts';

/**
 * The mock's own account, used when no credentials are given. Its secret belongs to the mock, not to
 * anyone, so it may be printed (`conform mock meeting-platform --help` does).
 */
export const demoAccount: Readonly<Required<Pick<MeetingAccount, 'clientId' | 'clientSecret' | 'accountId'>>> = {
  clientId: 'DemoClientId0Mock4Conf',
  clientSecret: 'demo-secret-of-the-conform-meeting-mock',
  accountId: 'DemoAccount-Mock-0001x',
};
