import { Alert, Button } from '@credimo/shared';
import { documents as texts } from '@credimo/shared/i18n/screens/documents';
import { useEffect, useRef, useState } from 'react';
import styles from './documents.module.css';

type CameraState = 'loading' | 'init' | 'error' | 'denied';

/** The rear camera at 1920x1080. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
};

/**
 * The camera for one document: loading while the browser asks, init once the picture shows, error when there is
 * no camera, and allowCameraAccessError when the customer (or the browser) refused it.
 */
export function Camera({
  label,
  onPhoto,
  onClose,
}: {
  label: string;
  onPhoto: (photo: Blob) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('loading');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let live = true;
    const open = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
        if (!live) return;
        if (video.current) {
          video.current.srcObject = stream;
          await video.current.play().catch(() => {});
        }
        setState('init');
      } catch (error) {
        if (!live) return;
        const name = (error as { name?: string }).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'error');
      }
    };
    void open();
    return () => {
      live = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  const capture = () => {
    const element = video.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth || 1920;
    canvas.height = element.videoHeight || 1080;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && onPhoto(blob), 'image/jpeg', 0.92);
  };
  return (
    <div className={styles.camera} aria-busy={state === 'loading'}>
      {state === 'loading' && <p role="status">{texts.cameraLoading}</p>}
      {state === 'denied' && <Alert tone="error">{texts.allowCameraAccessError}</Alert>}
      {state === 'error' && <Alert tone="error">{texts.cameraError}</Alert>}
      <video ref={video} aria-label={label} playsInline muted hidden={state !== 'init'} className={styles.video} />
      <div className={styles.actions}>
        {state === 'init' && <Button onClick={capture}>{texts.takePhoto}</Button>}
        <Button variant="secondary" onClick={onClose}>
          {texts.cancelCamera}
        </Button>
      </div>
    </div>
  );
}
