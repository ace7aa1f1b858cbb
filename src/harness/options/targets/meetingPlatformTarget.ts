import type { ExchangeLimits } from '../../../exchange/exchangeLimits.ts';
import { apiRoot } from '../../../meeting-platform/apiRoot.ts';
import type { CredentialVariables, MeetingCredentials } from '../../../meeting-platform/core/meetingCredentials.ts';
import type { MeetingPlatformTargetOptions } from '../../targets/TargetOptions.ts';
import { httpUrl } from '../httpUrl.ts';

/** A meeting-platform deployment's values, each already checked where it was given (a flag, a config's key). */
export interface MeetingPlatformValues {
  /** A config's target name; absent for the deployment the flags name. */
  label?: string;
  authUrl: string;
  /** As the seed writes it (the host) or as the platform documents it (…/v2). */
  apiBaseUrl: string;
  credentials: MeetingCredentials;
  /** The variables the credentials came from, when a config names its own. */
  credentialVars?: CredentialVariables;
  limits: ExchangeLimits;
  /** How messages name its addresses when not by their flags (`targets.meetings.authUrl`). */
  optionNames?: { authUrl: string; apiBaseUrl: string };
}

/**
 * The one builder of a meeting-platform target, for the deployment the flags name and for each of a
 * config's alike: its URLs written out, its API's root among them, here and nowhere else.
 */
export function meetingPlatformTarget(v: MeetingPlatformValues): MeetingPlatformTargetOptions {
  return {
    ...(v.label !== undefined ? { label: v.label } : {}),
    ...(v.optionNames ? { optionNames: v.optionNames } : {}),
    authUrl: httpUrl(v.authUrl),
    apiBaseUrl: apiRoot(httpUrl(v.apiBaseUrl)),
    credentials: v.credentials,
    ...(v.credentialVars ? { credentialVars: v.credentialVars } : {}),
    limits: v.limits,
  };
}
