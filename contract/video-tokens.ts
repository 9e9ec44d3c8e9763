/**
 * The tokens the API and the video service sign for each other with their shared secret (HS256), told apart by
 * audience so that neither kind is accepted where the other is expected.
 */

/** A console user's token for the video service (uploader, player): signed by the API, checked by the service. */
export const videoServiceAudience = 'video-service';

/** The video service's token for calling the API (it reports finished processing): signed by the service. */
export const consoleApiAudience = 'console-api';

/** Who signs the tokens of {@link consoleApiAudience}. */
export const videoServiceIssuer = 'video-service';
