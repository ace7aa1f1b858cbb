import type { ExchangeLimits } from '../../../exchange/exchangeLimits.ts';
import type { FetchServiceTargetOptions } from '../../targets/TargetOptions.ts';
import { httpUrl } from '../httpUrl.ts';
import { defaultOf } from '../runOptionTable.ts';

/** A fetch-service deployment's values, each already checked where it was given (a flag, a config's key). */
export interface FetchServiceValues {
  /** A config's target name; absent for the deployment the flags name. */
  label?: string;
  baseUrl: string;
  /** Absent: a problem said where it is missing; the target is still built, so every problem is found. */
  apiKey: string | undefined;
  /** The variable the key came from, when not $SVC_API_KEY (a config's apiKeyEnv). */
  apiKeyVar?: string;
  originUrl?: string;
  fetchTimeoutSeconds?: number;
  limits: ExchangeLimits;
  /** How messages name its addresses when not by their flags (`targets.staging.baseUrl`). */
  optionNames?: { baseUrl: string; originUrl?: string };
}

/**
 * The one builder of a fetch-service target, for the deployment the flags name and for each of a
 * config's alike: its URLs written out and the defaults filled in here and nowhere else.
 */
export function fetchServiceTarget(v: FetchServiceValues): FetchServiceTargetOptions {
  return {
    ...(v.label !== undefined ? { label: v.label } : {}),
    ...(v.optionNames ? { optionNames: v.optionNames } : {}),
    baseUrl: httpUrl(v.baseUrl),
    apiKey: v.apiKey ?? '',
    ...(v.apiKeyVar !== undefined ? { apiKeyVar: v.apiKeyVar } : {}),
    ...(v.originUrl !== undefined ? { originUrl: httpUrl(v.originUrl) } : {}),
    fetchTimeoutSeconds: v.fetchTimeoutSeconds ?? defaultOf('fetchTimeout'),
    limits: v.limits,
  };
}
