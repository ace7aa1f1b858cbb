import type { components } from '../../src/generated/fetch-service.ts';

/** A fetch result without its id: what fetching produced, before the reply is numbered. */
export type FetchedPage = Omit<components['schemas']['FetchResult'], 'id'>;
