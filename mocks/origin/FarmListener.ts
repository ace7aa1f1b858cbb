/** Which of the farm's listeners took a request: every listener serves the same routes. */
export type FarmListener = 'http' | 'https' | 'expired-tls' | 'wrong-host-tls';
