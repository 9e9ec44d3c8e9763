import type { VideoAccess } from '../domain/video';

/** The id of the uploader frame's element: the uploader bridge takes messages from its window only. */
export const UPLOADER_FRAME_ID = 'uploader-frame';

/** The uploader frame is 600 px high until the uploader asks for another height, kept between 300 and 1200 px. */
export const UPLOADER_HEIGHT = { initial: 600, min: 300, max: 1200 } as const;

export const clampUploaderHeight = (height: number) => Math.min(UPLOADER_HEIGHT.max, Math.max(UPLOADER_HEIGHT.min, height));

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, '');

/** The only origin whose messages the console listens to. */
export const serviceOrigin = ({ serviceUrl }: VideoAccess) => new URL(serviceUrl).origin;

/** The video service's upload page for one content: `upload?courseId&title&lang&token`. */
export const uploaderUrl = ({ serviceUrl, courseId, token }: VideoAccess, title: string, lang: string) =>
  `${base(serviceUrl)}/upload?courseId=${encodeURIComponent(courseId)}&title=${encodeURIComponent(title)}` +
  `&lang=${encodeURIComponent(lang)}&token=${encodeURIComponent(token)}`;

/** The video service's player page for one video: `course/{courseId}/watch/{lectureId}?token&lang`. */
export const playerUrl = ({ serviceUrl, courseId, token }: VideoAccess, externalUuid: string, lang: string) =>
  `${base(serviceUrl)}/course/${encodeURIComponent(courseId)}/watch/${encodeURIComponent(externalUuid)}` +
  `?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(lang)}`;
