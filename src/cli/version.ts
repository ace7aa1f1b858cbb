// The version lives in src/exchange/version.ts (reports carry it); the CLI prints the same one.
export { version } from '../exchange/version.ts';
