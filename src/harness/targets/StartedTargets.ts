/** The targets of one suite a starter made ready (each the suite's target type), and how to stop what it started for them. */
export interface StartedTargets {
  targets: unknown[];
  close(): Promise<void>;
}
