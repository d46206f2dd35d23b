import { renderOfflineAudio, type RenderJob } from './render.ts';

/*
 * Runs one render inside a child process (see speech-queue.ts): the speech engine's
 * WebAssembly memory and the mixing buffers live and die here, capped, never in the server.
 */

process.once('message', (job: RenderJob) => {
  renderOfflineAudio(job).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ ok: false, message: String(error).slice(0, 300) }, () => process.exit(1)),
  );
});

process.on('disconnect', () => process.exit(0));
