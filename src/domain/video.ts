/** What a frame of the video service needs: where it is, the course, and a token it accepts. */
export interface VideoAccess {
  serviceUrl: string;
  courseId: string;
  token: string;
}

/** Why no video token could be had, as data; views turn it into text. */
export type VideoFailure =
  { kind: 'configurationUnavailable' } | { kind: 'tokenUnavailable' } | { kind: 'refreshFailed'; message?: string } | { kind: 'aborted' };

/** The DNS-label rule of a video tenant (`vinapseTenant`), which the API checks too. */
export { isVideoTenant } from '../../contract/video-tenant';
