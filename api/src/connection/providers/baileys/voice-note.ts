import { spawn } from 'node:child_process';

/** The mimetype WhatsApp plays as a voice note. */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

/** The ffmpeg shipped in @ffmpeg-installer/ffmpeg (4.1, with libopus); loaded on first use (it throws on a platform it lacks). */
export async function packagedFfmpeg(): Promise<string> {
  return (await import('@ffmpeg-installer/ffmpeg')).path;
}

/**
 * Any audio file as a WhatsApp voice note: Ogg/Opus, mono, 48 kHz. ffmpeg runs without a shell (the path is one
 * argument, read as a file), writes to its standard output, and is stopped after a minute.
 */
export async function toVoiceNote(inputPath: string, ffmpegPath?: string): Promise<Buffer> {
  const ffmpeg = ffmpegPath ?? (await packagedFfmpeg());
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', `file:${inputPath}`, '-vn', '-map_metadata', '-1'];
  args.push('-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg', 'pipe:1');
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      failure = new Error('voice note conversion timed out');
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        failure = new Error('voice note too large');
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0 || !size) return reject(new Error(`ffmpeg could not convert the audio (exit ${code}): ${stderr.trim().slice(0, 300)}`));
      resolve(Buffer.concat(chunks));
    });
  });
}
