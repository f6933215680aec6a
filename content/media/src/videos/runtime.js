/* global document, window */
// The walkthrough player the media build records frame by frame. A video is a list of <section class="scene"
// data-duration="seconds">; inside a scene, [data-at] elements fade in at that second, [data-mark] elements gain the
// class in data-mark-class at that second, and <p class="cap" data-at data-until> are the captions. render(t) draws
// the frame at t seconds from nothing but t, so the same source always gives the same video.
(function () {
  const FADE = 0.45;
  const scenes = [...document.querySelectorAll('.scene')];
  let start = 0;
  const timeline = scenes.map((el) => {
    const duration = Number(el.dataset.duration);
    const entry = { el, start, duration };
    start += duration;
    return entry;
  });
  const total = start;
  const dots = document.querySelector('.dots');
  if (dots) dots.innerHTML = timeline.map(() => '<i></i>').join('');

  const clamp = (x) => Math.max(0, Math.min(1, x));
  const num = (v, fallback) => (v === undefined || v === '' ? fallback : Number(v));

  function render(t) {
    const parts = [];
    timeline.forEach((s, index) => {
      const local = t - s.start;
      const fadeIn = index === 0 ? 1 : clamp(local / FADE);
      const fadeOut = index === timeline.length - 1 ? 1 : clamp((s.duration - local) / FADE);
      const visible = local >= 0 && local < s.duration;
      const opacity = visible ? Math.min(fadeIn, fadeOut) : 0;
      s.el.style.opacity = opacity.toFixed(3);
      s.el.style.visibility = opacity > 0 ? 'visible' : 'hidden';
      parts.push(opacity.toFixed(3));
      if (!visible) return;
      for (const el of s.el.querySelectorAll('[data-at]')) {
        const at = num(el.dataset.at, 0);
        const until = num(el.dataset.until, Infinity);
        let o = clamp((local - at) / FADE);
        if (local >= until) o = Math.min(o, clamp(1 - (local - until) / FADE));
        el.style.opacity = o.toFixed(3);
        el.style.transform = `translateY(${((1 - o) * 14).toFixed(1)}px)`;
        parts.push(o.toFixed(3));
      }
      for (const el of s.el.querySelectorAll('[data-mark]')) {
        const on = local >= Number(el.dataset.mark);
        el.classList.toggle(el.dataset.markClass || 'hl', on);
        parts.push(on ? 1 : 0);
      }
      if (dots) [...dots.children].forEach((d, i) => d.classList.toggle('on', i <= index));
      parts.push(`s${index}`);
    });
    return parts.join(',');
  }

  window.__video = { duration: total, render };
  render(0);
})();
