export type GeneratedClause = 'NO-5XX' | 'POSITIVE' | 'NEGATIVE';
export const generatedClauses: readonly GeneratedClause[] = ['NO-5XX', 'POSITIVE', 'NEGATIVE'];
