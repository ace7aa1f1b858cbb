import type { ConformConfig } from './configSchema.ts';

/**
 * A config file's content as it is, typed: `export default defineConfig({ targets: { ... } })` in
 * `conform.config.ts` gets the editor's completion and the type checker's refusals for its keys.
 * (`export default { ... } satisfies ConformConfig` with a type-only import does the same with no
 * import at run time.) `conform run` checks the file again when it reads it.
 */
export function defineConfig(config: ConformConfig): ConformConfig {
  return config;
}
