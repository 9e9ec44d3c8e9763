/** What a frame of the video service needs: where it is, the course, and a token it accepts. */
export interface VideoAccess {
  serviceUrl: string;
  courseId: string;
  token: string;
}

/** Why no video token could be had, as data; views turn it into text (spec §8, "Video"). */
export type VideoFailure =
  | { kind: 'configurationUnavailable' }
  | { kind: 'tokenUnavailable' }
  | { kind: 'refreshFailed'; message?: string }
  | { kind: 'aborted' };

/**
 * The rule of a video tenant (`vinapseTenant`), the video provider's subdomain: one DNS label, lower-case letters and
 * digits with single hyphens between them, at most 63 characters (the API checks the same rule).
 */
const VIDEO_TENANT_PATTERN = /^[a-z0-9](-?[a-z0-9])*$/;
const VIDEO_TENANT_MAX_LENGTH = 63;

export const isVideoTenant = (text: string) => text.length <= VIDEO_TENANT_MAX_LENGTH && VIDEO_TENANT_PATTERN.test(text);
