/**
 * What a browser asks a mock or proxy for by itself beside a page opened in it (a favicon next to the
 * client report, the mock's own /__conform/ routes): no request of the app's, so no route it meant.
 */
export const browserNoise = /\/(favicon\.ico|__conform\/.*)$/;
