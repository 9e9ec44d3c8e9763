/** The request is for the API (`/api`, `/api/…`), not for the console's files. */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
