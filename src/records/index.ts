// The records library: validator, tree checks, arbitraries, generators. Usable without the runner or
// the CLI (nothing here imports vitest, the harness or cli/).
export type { JsonObject, JsonValue, UnitRecord } from './UnitRecord.ts';
export { recordClauseIds, treeClauseIds, isRecordClause, type RecordClause, type TreeClause } from './recordClauses.ts';
export { recordSchema, compileRecordSchema, recordFieldNames, requiredFieldNames, fieldsOfClause } from './recordSchema.ts';
export { clauseAt } from './clauseAt.ts';
export { validateRecord, isValidRecord, type RecordError } from './validateRecord.ts';
export { checkTree, type TreeError } from './checkTree.ts';
export { exampleRecord } from './exampleRecord.ts';
export { validRecord, unitIdArbitrary, hexHashArbitrary } from './validRecord.ts';
export { validRecordFor, validRecordForAny } from './validRecordFor.ts';
export { invalidRecord, invalidRecordFor, type InvalidRecord } from './invalidRecord.ts';
export { jsonValueArbitrary, looseObjectArbitrary, jsonObjectArbitrary, textArbitrary } from './jsonValueArbitrary.ts';
export { unitTree, type UnitTreeConstraints } from './unitTree.ts';
export { brokenUnitTree, type BrokenUnitTree } from './brokenUnitTree.ts';
export { fakeRecords, type FakeRecordsOptions } from './fakeRecords.ts';
export { mixSeed } from './mixSeed.ts';
export { generateRecords, iterateRecords, shardRange, type GeneratedRecord, type GenerateRecordsOptions } from './generateRecords.ts';
export { fixtureText } from './fixtureText.ts';
export { mergeManifestParts, manifestPartName, manifestText, type ManifestEntry, type ManifestPart } from './manifestParts.ts';
export { readRecordFile, parseRecordBytes, readCapped, maxRecordBytes, tooLarge, type ReadResult } from './readRecordFile.ts';
export { validateInputs, placeName, type RecordInput, type Place, type Outcome, type PlacedTreeError, type ValidateInputsOptions } from './validateInputs.ts';
export { ValidationTally } from './ValidationTally.ts';
export { describeOutcome, outcomeJson } from './describeOutcome.ts';
export { readRecords, type RecordRead, type RecordPlace, type RecordForm, type ReadRecordsOptions } from './readRecords.ts';
export { unwrapLabelled, type Label } from './unwrapLabelled.ts';
export { agreesWithLabel } from './agreesWithLabel.ts';
export { parseManifest } from './parseManifest.ts';
