import type { ClientExchange } from '../client/ClientExchange.ts';

/**
 * An exchange as the validation proxy saw it: the app's request as the deployment received it (origin and
 * path the deployment's), and the answer as the app got it, its body decoded for reading. When the
 * deployment did not answer, `noAnswer` says why and the answer is the proxy's own 502.
 */
export interface ObservedExchange extends ClientExchange {
  noAnswer?: string;
}
