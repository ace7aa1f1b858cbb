// The types of configValidator.js, generated code (configValidatorCode.ts).
import type { ValidateFunction } from 'ajv/dist/jtd.js';
import type { ConformConfig } from './configSchema.ts';

/** The config's JTD schema, compiled: true when `data` has the config's shape; else its `errors` say why. */
export declare const validate: ValidateFunction<ConformConfig>;
export default validate;
