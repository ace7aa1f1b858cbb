/** The real platform's public addresses: the defaults of `conform check meeting-platform`. */
export const realPlatform = {
  authUrl: 'https://zoom.us',
  apiBaseUrl: 'https://api.zoom.us',
} as const;
