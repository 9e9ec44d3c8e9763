// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, uploaderErrorPage, uploaderPage, type Page } from '../../../server/video-service/pages';

const consoleOrigin = 'http://console.test:3000';
const uploadUrl = '/videos?courseId=course-1&title=Clip';

class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

let posted: { message: unknown; targetOrigin: unknown }[];
let contentHeight: number;
let notifyResize: () => void;

beforeEach(() => {
  posted = [];
  FakeRequest.sent = [];
  contentHeight = 420;
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    posted.push({ message, targetOrigin });
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ height: contentHeight }) as DOMRect);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {
        notifyResize = () => this.callback();
      }
      observe() {
        this.callback();
      }
    },
  );
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function load(page: Page) {
  const parsed = new DOMParser().parseFromString(renderPage(page, 'test-nonce'), 'text/html');
  document.documentElement.innerHTML = parsed.documentElement.innerHTML;
  new Function(document.querySelector('script[nonce]')!.textContent!)();
}

const loadUploader = (lang: 'it' | 'en' = 'en', maxBytes = 1_000_000) =>
  load(uploaderPage({ lang, title: 'Clip', consoleOrigin, uploadUrl, token: 'the-token', maxBytes }));

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function choose(file: File) {
  const input = element<HTMLInputElement>('file');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
  element<HTMLButtonElement>('upload').click();
}

const video = (name = 'clip.mp4', type = 'video/mp4', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
const messages = () => posted.map(({ message }) => message);

describe('the uploader script', () => {
  it('reports its height to the console, forced the first time, and only when it changes', () => {
    loadUploader();
    contentHeight = 480;
    notifyResize();
    notifyResize();

    expect(messages()).toEqual([
      { type: 'resize', height: 420, force: true },
      { type: 'resize', height: 480 },
    ]);
    expect(posted.every(({ targetOrigin }) => targetOrigin === consoleOrigin)).toBe(true);
  });

  it("has no exit of its own (the console's Finish later is the one), and names the chosen file beside its picker", () => {
    loadUploader();
    expect(element('back')).toBeNull();
    expect(element('file-name').textContent).toBe('No file chosen');

    choose(video('Sicurezza è importante.mp4'));

    expect(element('file-name').textContent).toBe('Sicurezza è importante.mp4');
  });

  it('uploads the chosen file with its token, type and name, shows progress, then reports the new video id', () => {
    loadUploader();

    choose(video('Sicurezza è importante.mp4'));
    const request = FakeRequest.sent[0]!;
    request.progress(512, 2048);

    expect(request.method).toBe('POST');
    expect(request.url).toBe(uploadUrl);
    expect(request.headers).toEqual({
      Authorization: 'Bearer the-token',
      'Content-Type': 'video/mp4',
      'X-File-Name': 'Sicurezza%20%C3%A8%20importante.mp4',
    });
    expect(request.body).toBeInstanceOf(File);
    expect(element<HTMLProgressElement>('progress').hidden).toBe(false);
    expect(element<HTMLProgressElement>('progress').value).toBe(0.25);
    expect(element('progress-text').textContent).toBe('Uploading… 25%');
    expect(element<HTMLInputElement>('file').disabled).toBe(true);

    request.respond(201, { uuid: 'new-video-id' });

    expect(messages()).toContainEqual({ type: 'update', uuid: 'new-video-id' });
    expect(element('success').hidden).toBe(false);
    expect(element('upload-form').hidden).toBe(true);
    expect(posted.every(({ targetOrigin }) => targetOrigin === consoleOrigin)).toBe(true);
  });

  it('guesses the type of a video the browser left untyped from its extension', () => {
    loadUploader();

    choose(video('lecture.mkv', ''));

    expect(FakeRequest.sent[0]!.headers['Content-Type']).toBe('video/x-matroska');
  });

  it('refuses a file that is not a video, without sending it', () => {
    loadUploader('it');

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(FakeRequest.sent).toEqual([]);
    expect(element('error').hidden).toBe(false);
    expect(element('error').textContent).toBe(
      'Questo file non è un video supportato. Scegli un file MP4, WebM, Ogg, QuickTime o Matroska.',
    );
  });

  it('refuses a file over the limit, without sending it', () => {
    loadUploader('en', 1000);

    choose(video('big.mp4', 'video/mp4', 1001));

    expect(FakeRequest.sent).toEqual([]);
    expect(element('error').textContent).toBe('The file is too large: the limit is 1000 bytes.');
  });

  it('says so when the network fails, and lets the user try again', () => {
    loadUploader();

    choose(video());
    FakeRequest.sent[0]!.fail();

    expect(element('error').textContent).toBe('The upload failed because of a network problem. Check the connection and try again.');
    expect(element<HTMLButtonElement>('upload').disabled).toBe(false);
    expect(element<HTMLInputElement>('file').disabled).toBe(false);
    expect(element<HTMLProgressElement>('progress').hidden).toBe(true);
    expect(messages().some((message) => (message as { type: string }).type === 'update')).toBe(false);
  });

  it.each([
    [413, 'The file is too large: the limit is 976.6 KB.'],
    [415, 'This file is not a supported video. Choose an MP4, WebM, Ogg, QuickTime or Matroska file.'],
    [401, 'This upload link is no longer valid. Go back to the contents and open the uploader again.'],
    [403, 'This upload link is no longer valid. Go back to the contents and open the uploader again.'],
    [500, 'The upload failed. Please try again later.'],
  ])('explains a %i answer', (status, message) => {
    loadUploader();

    choose(video());
    FakeRequest.sent[0]!.respond(status, { statusCode: status });

    expect(element('error').textContent).toBe(message);
    expect(element('success').hidden).toBe(true);
  });

  it('runs on the error page too: its height, no upload, no exit of its own', () => {
    load(uploaderErrorPage('en', 'The access token of this link has expired.', consoleOrigin));

    expect(element('back')).toBeNull();
    expect(messages()).toEqual([{ type: 'resize', height: 420, force: true }]);
  });
});
