import type { ValidateFunction } from 'ajv/dist/2020.js';

/** A JSON Schema as the dereferenced spec holds it. */
export type JsonSchema = Record<string, unknown>;

export type ParameterLocation = 'path' | 'query' | 'header';

export interface CompiledParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** A query parameter given empty ("name=") counts as not given. */
  allowEmptyValue: boolean;
  schema: JsonSchema;
  /** Validates the value once parsed from its text (see parseParameterText). */
  validate: ValidateFunction;
  /**
   * `x-conform-cap`: the most the service serves (the platform's page_size, 300). A larger value is
   * taken as the cap, not refused, so the schema (what a correct server accepts) sets no maximum there;
   * generated valid values stay within the cap, and values past it are a mutation whose answer is open.
   */
  cap?: number;
  /** The parameter object's own `x-` extensions (e.g. x-conform-encoding). */
  extensions: Record<string, unknown>;
}

export interface CompiledMedia {
  /** As the spec names it, lowercase: "application/json". */
  mediaType: string;
  schema?: JsonSchema;
  validate?: ValidateFunction;
}

export interface CompiledHeader {
  name: string;
  required: boolean;
  schema?: JsonSchema;
  validate?: ValidateFunction;
}

/** An OpenAPI link: which operation a response leads to, and how its values feed the next request. */
export interface CompiledLink {
  name: string;
  operationId: string;
  description?: string;
  /** Parameter name → runtime expression ("$response.body#/next_page_token", "$request.query.page_size"). */
  parameters: Record<string, string>;
  extensions: Record<string, unknown>;
}

export interface CompiledResponse {
  /** "200", "4XX" or "default", as the spec keys it. */
  status: string;
  description: string;
  headers: CompiledHeader[];
  /** Empty when the response has no body. */
  content: CompiledMedia[];
  links: CompiledLink[];
}

export interface SecurityScheme {
  name: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** apiKey: where the key goes and under which name. */
  in?: 'header' | 'query' | 'cookie';
  keyName?: string;
  /** http: "basic" or "bearer". */
  scheme?: string;
}

export interface CompiledOperation {
  spec: string;
  operationId: string;
  /** Uppercase. */
  method: string;
  /** The path template: "/v2/meetings/{meetingId}". */
  path: string;
  summary: string;
  parameters: CompiledParameter[];
  requestBody?: { required: boolean; content: CompiledMedia[] };
  responses: CompiledResponse[];
  /** Alternatives, each a set of schemes used together; empty when the operation needs no credentials. */
  security: SecurityScheme[][];
}
