import { expect, test } from 'vitest';
import type { ClientCase } from '../../client/ClientCase.ts';
import { judgeRefusedToken, judgeWalkPage, newWalks, type ListPage } from './walkRules.ts';

const meetings = (...ids: string[]) => ids.map((uuid) => ({ uuid }));

function page(asked: string, ids: string[], next: unknown, total: unknown = 4, pageSize = 2): ListPage {
  return { asked, list: `/v2/users/me/meetings?page_size=${pageSize}`, at: 0, query: new URLSearchParams({ page_size: String(pageSize), ...(asked ? { next_page_token: asked } : {}) }), meetings: meetings(...ids), totalRecords: total, nextPageToken: next };
}

/** The failing cases, as "CLAUSE: problem". */
function failures(cases: ClientCase[]): string[] {
  return cases.filter((c) => c.problem !== undefined).map((c) => `${c.clause}: ${c.problem}`);
}

test('a walk that visits every meeting once and ends in time: every case passes, the end judged once', () => {
  const walks = newWalks();
  const cases = [...judgeWalkPage(page('', ['a', 'b'], 't1'), walks), ...judgeWalkPage(page('t1', ['c', 'd'], ''), walks)];
  expect(failures(cases)).toEqual([]);
  expect(cases.filter((c) => c.clause === 'MP-PAGINATION-END')).toHaveLength(1);
  expect(cases.filter((c) => c.clause === 'MP-PAGINATION-EXACTLY-ONCE')).toHaveLength(4);
});

test('a meeting on two pages, total_records that changes, a gap at the end', () => {
  const walks = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 't1', 5), walks);
  expect(failures(judgeWalkPage(page('t1', ['b', 'c'], 't2', 6), walks))).toEqual([
    'MP-PAGINATION-TOTAL: page 2 of the walk said total_records 6 where page 1 said 5',
    'MP-PAGINATION-EXACTLY-ONCE: b on page 2 of the walk, and on page 1 before it',
  ]);
  const other = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 't1', 5), other);
  judgeWalkPage(page('t1', ['c', 'd'], 't2', 5), other);
  expect(failures(judgeWalkPage(page('t2', [], '', 5), other))).toEqual(['MP-PAGINATION-EXACTLY-ONCE: the walk ended on page 3 with 4 distinct meetings for total_records 5']);
});

test('a walk that would never end: a token given again, or pages past ceil(total_records / page_size) and one more', () => {
  const walks = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 't1'), walks);
  judgeWalkPage(page('t1', ['c', 'd'], 't2'), walks);
  expect(failures(judgeWalkPage(page('t2', [], 't1'), walks))).toEqual(['MP-PAGINATION-END: page 3 gave the next_page_token page 1 gave: the walk would never end']);
  const long = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 'u1'), long);
  judgeWalkPage(page('u1', ['c', 'd'], 'u2'), long);
  expect(failures(judgeWalkPage(page('u2', [], 'u3'), long))).toEqual(['MP-PAGINATION-END: next_page_token still not empty after 3 pages for total_records 4 at page_size 2']);
  // The walk is no longer followed past its failure.
  expect(judgeWalkPage(page('u3', [], ''), long)).toEqual([]);
});

test('a page asked again is compared with its first answer, not counted twice; a token no walk gave is not judged', () => {
  const walks = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 't1'), walks);
  judgeWalkPage(page('t1', ['c', 'd'], ''), walks);
  expect(judgeWalkPage(page('t1', ['c', 'd'], ''), walks)).toEqual([{ clause: 'MP-PAGINATION-REPEATABLE', path: 'page-asked-again' }]);
  expect(failures(judgeWalkPage(page('t1', ['d', 'e'], ''), walks))).toEqual(['MP-PAGINATION-REPEATABLE: the page asked again with the same next_page_token held [d, e] where its first answer held [c, d]']);
  expect(judgeWalkPage(page('from-before-the-proxy', ['x'], ''), walks)).toEqual([]);
});

test('a next_page_token a walk was given, sent back as issued and refused with a 4xx: the platform broke the walk; not so on another list, for a refusal of the call, or once expired', () => {
  const lifetime = 15 * 60_000;
  const refused = (asked: string, status = 400, list = '/v2/users/me/meetings?page_size=2', at = 1000) => failures(judgeRefusedToken({ asked, list, status, at, answered: `${status} code 300: The next page token is invalid or expired.` }, walks, lifetime));
  const walks = newWalks();
  judgeWalkPage(page('', ['a', 'b'], 't1'), walks);
  expect(refused('t1')).toEqual(['MP-PAGINATION-EXACTLY-ONCE: the platform refused the next_page_token "t1" that page 1 of the walk gave, sent back exactly as issued with the same query 1 s later: it answered 400 code 300: The next page token is invalid or expired.: the walk cannot reach the meetings after page 1']);
  expect(refused('t1', 404)).toHaveLength(1);
  for (const status of [401, 403, 408, 429, 503]) expect(refused('t1', status)).toEqual([]);
  expect(refused('t1', 400, '/v2/users/me/meetings?page_size=2&type=live')).toEqual([]);
  expect(refused('never-given')).toEqual([]);
  expect(refused('t1', 400, undefined, lifetime + 1)).toEqual([]);
  // Asked again after its page was answered, the refusal is a page that could not be asked again.
  judgeWalkPage(page('t1', ['c', 'd'], ''), walks);
  expect(refused('t1')).toEqual(['MP-PAGINATION-REPEATABLE: the platform refused the next_page_token "t1" that page 1 of the walk gave, sent back exactly as issued with the same query 1 s later: it answered 400 code 300: The next page token is invalid or expired., where it had answered the page before']);
});
