import { describe, expect, test } from 'vitest';
import { defaultPageSize, maxPageSize, parseListQuery } from './meetingListPage.ts';

describe('parseListQuery: the spec decides', () => {
  const parse = (query: string) => parseListQuery(query);

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

  test('a query string read again gets the same answer, also after the memo has turned over', () => {
    expect(parse('page_size=7')).toBe(parse('page_size=7'));
    for (let i = 0; i < 3000; i++) expect(parse(`next_page_token=t${i}`)).toEqual({ pageSize: 30, type: 'scheduled', nextPageToken: `t${i}` });
    expect(parse('page_size=7')).toEqual({ pageSize: 7, type: 'scheduled', nextPageToken: '' });
    expect(parse('page_size=-1')).toEqual([{ field: 'page_size', message: 'Invalid field.' }]);
  });
});
