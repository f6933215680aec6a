/* global window, VideoEncoder, VideoFrame, createImageBitmap */
// Loaded into a blank page by scripts/render-video.ts: Chromium's WebCodecs VP8 encoder, fed one JPEG frame at a
// time, with back-pressure on its queue. A plain script, because functions compiled by tsx cannot be sent to a page.
(function () {
  const chunks = [];
  let encoder = null;
  let failure = null;
  let last = null;
  const toBase64 = (bytes) => {
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  };
  window.__encoder = {
    async start(cfg) {
      encoder = new VideoEncoder({
        output: (chunk) => {
          const data = new Uint8Array(chunk.byteLength);
          chunk.copyTo(data);
          chunks.push({ ts: chunk.timestamp, key: chunk.type === 'key', data: toBase64(data) });
        },
        error: (e) => (failure = e),
      });
      encoder.configure({ codec: 'vp8', width: cfg.width, height: cfg.height, bitrate: cfg.bitrate, framerate: cfg.fps, latencyMode: 'quality' });
    },
    // A null image repeats the previous one (a still frame), so it is not sent or decoded again.
    async frame(jpegBase64, timestampUs, durationUs, key) {
      if (failure) throw failure;
      if (jpegBase64 !== null) {
        const blob = await (await fetch(`data:image/jpeg;base64,${jpegBase64}`)).blob();
        if (last) last.close();
        last = await createImageBitmap(blob);
      }
      const frame = new VideoFrame(last, { timestamp: timestampUs, duration: durationUs });
      encoder.encode(frame, { keyFrame: key });
      frame.close();
      while (encoder.encodeQueueSize > 8) await new Promise((r) => setTimeout(r, 5));
    },
    async finish() {
      await encoder.flush();
      encoder.close();
      if (failure) throw failure;
      return chunks;
    },
  };
})();
