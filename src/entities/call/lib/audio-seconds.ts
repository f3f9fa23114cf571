/**
 * How long an audio file plays, read by the browser from the file itself (the server keeps the seconds the page
 * sends). Rejects when the browser cannot read it as audio. A WebM from a browser's recorder often says "Infinity"
 * until played to its end: seeking far past the end makes the browser work out the real length.
 */
export function audioSeconds(file: Blob, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const audio = document.createElement('audio');
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(seconds: number | null) {
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      if (seconds === null) reject(new Error('This file could not be read as audio. Upload a WebM, Ogg, MP3, WAV or M4A recording.'));
      else resolve(Math.max(1, Math.round(seconds)));
    }
    const check = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) finish(audio.duration);
    };
    audio.preload = 'metadata';
    audio.addEventListener('loadedmetadata', () => {
      if (audio.duration === Infinity) audio.currentTime = Number.MAX_SAFE_INTEGER;
      else check();
    });
    audio.addEventListener('durationchange', check);
    audio.addEventListener('error', () => finish(null));
    audio.src = url;
  });
}
