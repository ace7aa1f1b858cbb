import { expect, test } from 'vitest';
import { codeRoot } from './conformanceConfig.ts';
import { withoutInternalPaths } from './withoutInternalPaths.ts';

test("conform's own paths and file URLs are taken out of a message, everything else is kept", () => {
  const message = `Failed to load url ${codeRoot}suites/x/missing.ts (resolved id: file://${codeRoot}src/a.ts) in '${codeRoot}suites/x/x.suite.ts'. Does /etc/hosts exist?`;
  expect(withoutInternalPaths(message)).toBe("Failed to load url (conform's code) (resolved id: (conform's code)) in '(conform's code)'. Does /etc/hosts exist?");
});
