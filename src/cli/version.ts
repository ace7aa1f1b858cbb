// The version lives in the harness (reports carry it); the CLI prints the same one.
export { version } from '../exchange/version.ts';
