import { expect, test } from 'vitest';
import { failingReport } from './testing/failingReport.ts';
import { renderJunit } from './renderJunit.ts';

test("renderJunit: a failure's message is its headline; the body has causes, diagnoses, evidence and the reproduction", () => {
  const xml = renderJunit(failingReport());
  expect(xml).toContain('<failure message="27 of 47 meetings could not be fetched by UUID" type="MUST">');
  const body = xml.slice(xml.indexOf('27 of 47 meetings'), xml.indexOf('</failure>', xml.indexOf('27 of 47 meetings')));
  for (const text of ['14 × a "+" in the UUID came back as a space', 'Diagnosis: decode path segments', '--- reproduce (the first failing case)', "curl -sS 'http://127.0.0.1:4010/v2/meetings/ab%2Bc'"]) {
    expect(body).toContain(text);
  }
  expect(xml).toContain('<failure message="the current user must come as JSON" type="MUST">');
});
