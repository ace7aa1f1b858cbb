import { describe, expect, test } from 'vitest';
import { defaultPageSize, maxPageSize, parseListQuery } from './meetingListPage.ts';

describe('parseListQuery: the spec decides', () => {
  const parse = (query: string) => parseListQuery(new URLSearchParams(query));

  test('defaults, the cap, and empty parameters read as absent', () => {
    expect([defaultPageSize, maxPageSize]).toEqual([30, 300]);
    expect(parse('')).toEqual({ pageSize: 30, type: 'scheduled', nextPageToken: '' });
    expect(parse('page_size=&type=&next_page_token=')).toEqual({ pageSize: 30, type: 'scheduled', nextPageToken: '' });
    expect(parse('page_size=1000&type=live&next_page_token=abc')).toEqual({ pageSize: 300, type: 'live', nextPageToken: 'abc' });
  });

  test('a field error for each parameter the spec refuses', () => {
    expect(parse('page_size=abc&type=past')).toEqual([
      { field: 'page_size', message: 'Invalid field.' },
      { field: 'type', message: 'Invalid field.' },
    ]);
    expect(parse('page_size=0')).toEqual([{ field: 'page_size', message: 'Invalid field.' }]);
    expect(parse('page_size=1.5')).toEqual([{ field: 'page_size', message: 'Invalid field.' }]);
  });
});
