// The sandbox liveness page's code: served as a same-origin file so the page needs no inline script (strict CSP).
// Camera capture with getUserMedia; each photo lands in the engine's file input, so the form posts the same way
// whether the photo came from the camera or from the file picker (the fallback).
(() => {
  const form = document.getElementById('liveness');
  if (!form) return;
  const status = document.getElementById('camera-status');
  const box = form.querySelector('.camera');
  const video = document.getElementById('camera');
  const stopButton = document.getElementById('camera-stop');
  let stream = null;
  let active = null;

  const say = (text) => {
    if (status) status.textContent = text;
  };

  const stop = () => {
    if (stream) for (const track of stream.getTracks()) track.stop();
    stream = null;
    if (active) active.textContent = 'Hacer foto con la cámara';
    active = null;
    if (box) box.hidden = true;
  };

  const preview = (fieldset, file) => {
    const img = fieldset.querySelector('.preview');
    if (!img) return;
    if (img.src) URL.revokeObjectURL(img.src);
    img.src = URL.createObjectURL(file);
    img.hidden = false;
  };

  const capture = async (button) => {
    const fieldset = button.closest('fieldset');
    const input = fieldset.querySelector('input[type=file]');
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d').drawImage(video, 0, 0);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) return say('No se ha podido hacer la foto. Elige una foto del dispositivo.');
    const file = new File([blob], `${button.dataset.engine}.jpg`, { type: 'image/jpeg' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    preview(fieldset, file);
    say('Foto hecha.');
    stop();
  };

  const open = async (button) => {
    stop();
    const facing = button.closest('fieldset').dataset.facing || 'environment';
    say('Abriendo la cámara…');
    try {
      // 1920x1080, rear camera for documents (front for the selfie).
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
    } catch {
      say('Permite el acceso a la cámara o elige una foto del dispositivo.');
      return;
    }
    video.srcObject = stream;
    box.hidden = false;
    active = button;
    button.textContent = 'Hacer la foto';
    say('Cámara lista.');
  };

  if (navigator.mediaDevices?.getUserMedia && video && box) {
    for (const button of form.querySelectorAll('button.capture')) {
      button.hidden = false;
      button.addEventListener('click', () => {
        if (active === button) void capture(button);
        else void open(button);
      });
    }
    stopButton?.addEventListener('click', stop);
  }

  for (const input of form.querySelectorAll('input[type=file]')) {
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (file) preview(input.closest('fieldset'), file);
    });
  }

  form.addEventListener('submit', () => {
    stop();
    const submit = form.querySelector('button[type=submit]');
    if (submit) submit.disabled = true;
    say('Enviando…');
  });
})();
