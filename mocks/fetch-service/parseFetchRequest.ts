import type { MockRequest } from '../MockExchange.ts';
import { FetchRefusal } from './FetchRefusal.ts';
import { validateFetchBody, type MockFetchRequest } from './validateFetchBody.ts';

/**
 * The one place a POST /v1/fetch is read and validated, after the key check: a body typed as anything
 * but JSON is 415, a body that is not a valid fetch request 400 (validateFetchBody).
 */
export function parseFetchRequest(request: MockRequest): MockFetchRequest {
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim())) throw new FetchRefusal(415);
  return validateFetchBody(request.body);
}
