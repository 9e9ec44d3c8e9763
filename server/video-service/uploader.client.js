// Runs in the uploader page (inline, under a nonce). Talks to the console only through postMessage to its origin.
(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('frame-config').textContent);
  const post = (message) => window.parent.postMessage(message, config.consoleOrigin);

  let reportedHeight = null;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === reportedHeight) return;
    post(reportedHeight === null ? { type: 'resize', height, force: true } : { type: 'resize', height });
    reportedHeight = height;
  }).observe(document.body);

  const upload = config.upload;
  if (!upload) return;
  const text = upload.text;
  const form = document.getElementById('upload-form');
  const input = document.getElementById('file');
  const button = document.getElementById('upload');
  const progress = document.getElementById('progress');
  const progressText = document.getElementById('progress-text');
  const error = document.getElementById('error');
  const success = document.getElementById('success');
  const fileName = document.getElementById('file-name');
  const typesByExtension = {
    mp4: 'video/mp4',
    m4v: 'video/x-m4v',
    mov: 'video/quicktime',
    webm: 'video/webm',
    mkv: 'video/x-matroska',
    ogv: 'video/ogg',
  };

  const videoTypeOf = (file) => (file.type.startsWith('video/') ? file.type : typesByExtension[file.name.split('.').pop().toLowerCase()]);

  function showError(message) {
    error.textContent = message;
    error.hidden = message === '';
  }

  function setBusy(busy) {
    input.disabled = busy;
    button.disabled = busy || input.files.length === 0;
    progress.hidden = !busy;
    progressText.textContent = '';
  }

  function failureMessage(status) {
    if (status === 413) return text.tooLarge;
    if (status === 415) return text.unsupportedType;
    if (status === 401 || status === 403) return text.linkNoLongerValid;
    return text.uploadFailed;
  }

  input.addEventListener('change', () => {
    fileName.textContent = input.files.length ? input.files[0].name : text.noFileChosen;
    showError('');
    button.disabled = input.files.length === 0;
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) return;
    const type = videoTypeOf(file);
    if (!type) return showError(text.unsupportedType);
    if (file.size > upload.maxBytes) return showError(text.tooLarge);
    showError('');
    setBusy(true);
    progress.value = 0;

    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.setRequestHeader('Authorization', `Bearer ${upload.token}`);
    request.setRequestHeader('Content-Type', type);
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    request.upload.addEventListener('progress', (progressEvent) => {
      if (!progressEvent.lengthComputable) return;
      progress.value = progressEvent.loaded / progressEvent.total;
      progressText.textContent = text.uploading.replace('{percent}', String(Math.floor(progress.value * 100)));
    });
    request.addEventListener('load', () => {
      setBusy(false);
      if (request.status !== 201) return showError(failureMessage(request.status));
      form.hidden = true;
      success.hidden = false;
      post({ type: 'update', uuid: JSON.parse(request.responseText).uuid });
    });
    request.addEventListener('error', () => {
      setBusy(false);
      showError(text.networkFailure);
    });
    request.send(file);
  });
})();
