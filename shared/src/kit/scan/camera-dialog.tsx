// The camera dialog behind «Escanear» (loaded only when that button is pressed). It asks for the
// back camera, shows it with an aiming frame, and reads continuously: each new code beeps or
// vibrates, is given to the page as the keyboard's Enter would, and its product's name is shown.
// A code held in front of the camera is read once; it counts again after it has been out of sight
// for a moment, so a second unit is scanned by taking the camera off the label and back. The
// camera stops (every track) when the dialog closes and while the page is hidden, and starts
// again when the page is shown with the dialog still open.
import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@almacen/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@almacen/shared/fluent-pages';
import type { CodeDetector } from './detector';
import { findByCode, type ScannableProduct, type ScanResult, SCAN_TEXTS } from './texts';
import { UnknownCode } from './unknown-code';

/** How long a code must be out of sight before it is read again. */
const FORGET_MS = 1000;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 16px))', padding: tokens.spacingHorizontalL },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  view: {
    position: 'relative',
    width: '100%',
    aspectRatio: '4 / 3',
    backgroundColor: '#000',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  video: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  // Where to hold the label: the rest of the picture is dimmed around it.
  frame: {
    position: 'absolute',
    left: '10%',
    right: '10%',
    top: '25%',
    bottom: '25%',
    border: `3px solid ${tokens.colorPaletteGreenBorderActive}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
    pointerEvents: 'none',
  },
  frameRead: { border: `3px solid ${tokens.colorPaletteLightGreenForeground1}`, boxShadow: '0 0 0 9999px rgba(0, 80, 0, 0.35)' },
  status: { minHeight: '2.8em', fontSize: tokens.fontSizeBase400 },
  // One hand on a phone: the button across the dialog's foot, within the thumb's reach.
  actions: { '& > button': { flexGrow: 1, minHeight: '44px' } },
});

type Status =
  | { kind: 'starting' }
  | { kind: 'aim' }
  | { kind: 'read'; name: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'refused'; text: string }
  | { kind: 'failed'; text: string };

interface CameraDialogProps {
  products: readonly ScannableProduct[];
  onScanned: (product: ScannableProduct) => ScanResult;
  onClose: () => void;
}

export function CameraDialog({ products, onScanned, onClose }: CameraDialogProps) {
  const styles = useStyles();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  const [reads, setReads] = useState(0);
  const [flash, setFlash] = useState(false);
  // The loop reads the latest list and handler without restarting the camera.
  const latest = useRef({ products, onScanned });
  latest.current = { products, onScanned };

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | null = null;
    let detector: CodeDetector | null = null;
    let frame = 0;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    const lastSeen = new Map<string, number>();
    const audio = typeof AudioContext === 'undefined' ? null : new AudioContext();

    const feedback = () => {
      navigator.vibrate?.(80);
      if (audio) {
        void audio.resume();
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = 1320;
        gain.gain.value = 0.15;
        tone.connect(gain).connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + 0.09);
      }
      setFlash(true);
      clearTimeout(flashTimer);
      flashTimer = setTimeout(() => setFlash(false), 400);
    };

    const read = (value: string) => {
      const found = findByCode(latest.current.products, value);
      if (!found) return;
      feedback();
      setReads((n) => n + 1);
      if (!found.product) return setStatus({ kind: 'unknown', code: found.code });
      const refused = latest.current.onScanned(found.product);
      setStatus(typeof refused === 'string' ? { kind: 'refused', text: refused } : { kind: 'read', name: found.product.name });
    };

    const stop = () => {
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      if (video.current) video.current.srcObject = null;
    };

    const scan = async () => {
      const shown = video.current;
      if (closed || !stream || !shown || !detector) return;
      if (shown.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const codes = await detector.detect(shown).catch(() => []);
        const now = performance.now();
        for (const { rawValue } of codes) {
          const before = lastSeen.get(rawValue);
          lastSeen.set(rawValue, now);
          if (before === undefined || now - before > FORGET_MS) read(rawValue);
        }
      }
      if (!closed && stream) frame = requestAnimationFrame(() => void scan());
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setStatus({ kind: 'failed', text: SCAN_TEXTS.cameraMissing });
      setStatus({ kind: 'starting' });
      let opened: MediaStream;
      try {
        opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
        return setStatus({ kind: 'failed', text: denied ? SCAN_TEXTS.cameraDenied : SCAN_TEXTS.cameraMissing });
      }
      // Closed or hidden while the browser was asking: the camera goes off again at once.
      if (closed || document.hidden) return opened.getTracks().forEach((track) => track.stop());
      stream = opened;
      if (video.current) {
        video.current.srcObject = opened;
        await video.current.play().catch(() => undefined);
      }
      try {
        // Its own chunk: the polyfill and its WebAssembly come only where the browser has no reader.
        detector ??= await import('./detector').then((module) => module.createDetector());
      } catch {
        stop();
        return setStatus({ kind: 'failed', text: SCAN_TEXTS.readerFailed });
      }
      if (closed || !stream) return;
      setStatus((current) => (current.kind === 'starting' ? { kind: 'aim' } : current));
      void scan();
    };

    const onVisibility = () => {
      if (document.hidden) stop();
      else if (!stream) void start();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void start();
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(flashTimer);
      stop();
      void audio?.close();
    };
  }, []);

  const said =
    status.kind === 'starting' ? (
      SCAN_TEXTS.cameraStarting
    ) : status.kind === 'aim' ? (
      SCAN_TEXTS.cameraAim
    ) : status.kind === 'read' ? (
      SCAN_TEXTS.cameraRead(status.name)
    ) : status.kind === 'unknown' ? (
      <UnknownCode code={status.code} />
    ) : (
      status.text
    );
  const failed = status.kind === 'failed' || status.kind === 'unknown' || status.kind === 'refused';

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{SCAN_TEXTS.cameraTitle}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.view}>
              <video ref={video} className={styles.video} aria-label={SCAN_TEXTS.video} muted playsInline autoPlay />
              <div className={mergeClasses(styles.frame, flash && styles.frameRead)} data-testid="scan-frame" aria-hidden />
            </div>
            <Text role={failed ? 'alert' : 'status'} className={styles.status} weight={status.kind === 'read' ? 'semibold' : 'regular'}>
              {said}
            </Text>
            {reads > 0 && <Text size={200}>{SCAN_TEXTS.cameraReads(reads)}</Text>}
          </DialogContent>
          <DialogActions className={styles.actions} fluid>
            <Button appearance="primary" onClick={onClose}>
              {SCAN_TEXTS.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
