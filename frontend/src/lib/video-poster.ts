/** Widest poster kept: the feed shows videos at most this wide on a desktop, twice that on a dense phone screen. */
const POSTER_MAX_WIDTH = 1080;
/** A video the browser cannot open or seek within this time goes out without a poster. */
const CAPTURE_TIMEOUT_MS = 8000;

/** Where the frame is taken: half a second in, or a tenth of a shorter clip, past a black first frame. */
export function posterTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(0.5, duration * 0.1);
}

/** The poster's size: the video's own, scaled down to POSTER_MAX_WIDTH. */
export function posterSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, POSTER_MAX_WIDTH / width);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve) => target.addEventListener(event, () => resolve(), { once: true }));
}

function failure(target: EventTarget): Promise<never> {
  return new Promise((_, reject) =>
    target.addEventListener('error', () => reject(new Error('The video could not be read')), { once: true }),
  );
}

/**
 * A JPEG frame of the chosen video, made in the browser (a video element seeked a moment in, drawn on a
 * canvas), to upload as the post's poster; null when the browser cannot decode the video or takes too long.
 */
export async function captureVideoPoster(file: File): Promise<File | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Timed out')), CAPTURE_TIMEOUT_MS);
  });
  try {
    const failed = failure(video);
    failed.catch(() => undefined); // Read only while racing; an error after that is nobody's concern.
    const loaded = once(video, 'loadeddata');
    video.src = url;
    await Promise.race([loaded, failed, timeout]);
    // A recording can report an unknown duration until it has been read to the end.
    const at = posterTime(video.duration);
    if (at > 0) {
      const seeked = once(video, 'seeked');
      video.currentTime = at;
      await Promise.race([seeked, failed, timeout]);
    }
    if (!video.videoWidth || !video.videoHeight) return null;
    const size = posterSize(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(video, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return null;
    const name = file.name.replace(/\.[^.]*$/, '') || 'video';
    return new File([blob], `${name}-poster.jpg`, { type: 'image/jpeg' });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
