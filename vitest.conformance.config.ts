import { defineConfig } from 'vitest/config';
import { conformanceTestConfig } from './src/harness/run/conformanceConfig.ts';

/**
 * The conformance suites as plain vitest: `npx vitest run --config vitest.conformance.config.ts suites/unit-record`
 * with targets in environment variables (docs/command-line.md, "Running a suite with plain vitest"). `conform run` drives the same settings.
 */
export default defineConfig({ test: conformanceTestConfig });
