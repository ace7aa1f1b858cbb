import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object, which is also the plugin.
const addFormats = formatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Keywords OpenAPI 3.1 adds to JSON Schema that only annotate. */
const openApiKeywords = ['example', 'discriminator', 'xml', 'externalDocs'];

/**
 * An ajv for the 2020-12 dialect OpenAPI 3.1 uses, with formats (date-time, uri, email, int64 ...) and
 * every error reported (a response can break several rules at once). Strict about the schema's own
 * keywords, so a typo in a spec is an error at load; `x-` extensions are registered as annotations.
 */
export function createAjv(extensionKeywords: Iterable<string>): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strictTypes: false, strictRequired: false, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addVocabulary([...openApiKeywords, ...extensionKeywords]);
  return ajv;
}

/** Every `x-` key used anywhere in `value`. */
export function extensionKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeys(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('x-')) into.add(key);
      extensionKeys(item, into);
    }
  }
  return into;
}
