import { expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import { failingReport } from '../fixtures/failingReport.ts';
import { sideBySideReport } from '../fixtures/sideBySideReport.ts';
import { renderJunit } from './renderJunit.ts';

test("renderJunit: a failure's message is its headline; the body has causes, diagnoses, evidence and the reproduction", () => {
  const xml = renderJunit(presentReport(failingReport()));
  expect(xml).toContain('<failure message="27 of 47 meetings could not be fetched by UUID" type="MUST">');
  const body = xml.slice(xml.indexOf('27 of 47 meetings'), xml.indexOf('</failure>', xml.indexOf('27 of 47 meetings')));
  for (const text of ['14 × a "+" in the UUID came back as a space', 'Diagnosis: decode path segments', '--- reproduce (the first case of the leading cause)', "curl -sS 'http://127.0.0.1:4010/v2/meetings/ab%2Bc'"]) {
    expect(body).toContain(text);
  }
  expect(xml).toContain('<failure message="the current user must come as JSON" type="MUST">');
});

test('renderJunit: a suite run against several targets names each target, in its testsuite and in each testcase\'s class', () => {
  const xml = renderJunit(presentReport(sideBySideReport()));
  for (const target of ['reference (embedded)', 'staging', 'broken']) {
    expect(xml).toContain(`<testsuite name="fetch-service (${target})"`);
    expect(xml).toContain(`classname="fetch-service.${target}.FS-AUTH-REQUIRED"`);
    expect(xml).toContain(`classname="fetch-service.${target}.security.FS-SEC-KEY-ECHO"`);
  }
  expect(xml).toContain('<property name="target" value="broken"/>');
  // The suite with one target keeps its classes as they were.
  expect(xml).toContain('classname="unit-record.UR-ID"');
  expect(renderJunit(presentReport(failingReport()))).not.toContain('name="target"');
});
