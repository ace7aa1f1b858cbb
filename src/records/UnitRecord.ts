import type { JsonObject, JsonValue } from '../json/JsonValue.ts';

/**
 * A page-unit record as specs/seeds/unit-record.md §2 (the workspace's seed, kept in the repository) describes it. The schema file
 * (specs/unit-record.schema.json) is the source of truth: this type is what a value that passed
 * `validateRecord` looks like, written out by hand because the seed leaves the inner objects open.
 */
export interface UnitRecord {
  schemaVersion: '0083.1';
  kind: 'unit';
  id: string;
  unitKind: 'section' | 'component';
  pageKey: 'home';
  parentUnitId?: string | null;
  order?: number;
  status: 'accepted' | 'provisional';
  classification: JsonObject;
  scope: JsonObject;
  content: JsonObject;
  assets: JsonValue[];
  layers: JsonValue[];
  layout: JsonObject;
  styleables: JsonValue[];
  behavior: JsonValue;
  children: string[];
  reconstruction: JsonObject;
  acceptance: JsonObject;
  diagnostics: JsonValue[];
  provenance: JsonObject;
  gapRefs: string[];
  dependencyHashes?: string[];
  hash?: string;
  extensions?: JsonObject;
}
