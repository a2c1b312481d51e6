/**
 * The one script of the checkout pages, served at /check-out/assets/checkout.js. Pages work
 * without it (plain forms); it adds the countdown on sandbox time, status polling with redirects,
 * the deeplink hop on mobile, copy buttons and double-submit protection.
 */
export const checkoutJs = `(function () {
  'use strict';
  var body = document.body;
  var d = body.dataset;
  // Sandbox time: the server tells its now; the offset keeps counting when the clock is advanced.
  var offset = Number(d.now || Date.now()) - Date.now();
  var expires = Number(d.expires || 0);
  var sandboxNow = function () { return Date.now() + offset; };

  function fmt(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (m < 10 ? '0' : '') + m, ss = (r < 10 ? '0' : '') + r;
    return h > 0 ? h + ':' + mm + ':' + ss : mm + ':' + ss;
  }
  var boxes = document.querySelectorAll('[data-countdown]');
  function tick() {
    if (!expires) return;
    var left = expires - sandboxNow();
    boxes.forEach(function (box) {
      var out = box.querySelector('b');
      if (out) out.textContent = left > 0 ? fmt(left) : d.textTimeUp || '0:00';
      box.classList.toggle('late', left < 60000);
    });
  }
  if (boxes.length) { tick(); setInterval(tick, 1000); }

  // Only http(s) addresses are followed: a stored return address or deeplink never runs as script.
  function go(url) {
    if (!url) return;
    var target;
    try { target = new URL(url, window.location.href); } catch (e) { return; }
    if (target.protocol === 'http:' || target.protocol === 'https:') window.location.assign(target.href);
  }
  if (d.poll === '1' && d.statusUrl) {
    var busy = false;
    var poll = function () {
      if (busy) return;
      busy = true;
      fetch(d.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (s) {
          if (!s) return;
          offset = s.now - Date.now();
          expires = s.expires_at;
          tick();
          // Without a return address it can open, the shopper sees the result on this sandbox's own page.
          if (s.status !== 'pending') go(s.follow && s.redirect ? s.redirect : d.doneUrl);
        })
        .catch(function () {})
        .then(function () { busy = false; });
    };
    setInterval(poll, Number(d.pollMs || 2000));
  }
  if (d.redirectTo) setTimeout(function () { go(d.redirectTo); }, Number(d.redirectAfter || 3000));

  var hop = document.querySelector('[data-autofollow]');
  if (hop) setTimeout(function () { go(hop.getAttribute('href')); }, 1500);

  document.querySelectorAll('[data-copy]').forEach(function (b) {
    b.addEventListener('click', function () {
      var text = b.getAttribute('data-copy') || '';
      var copied = function () { b.textContent = d.textCopied || '✓'; };
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(copied, function () {});
    });
  });
  document.querySelectorAll('form').forEach(function (f) {
    f.addEventListener('submit', function (e) {
      if (f.dataset.sent) { e.preventDefault(); return; }
      f.dataset.sent = '1';
      // The clicked button's name/value must still be posted, so disable on the next tick.
      setTimeout(function () { f.querySelectorAll('button').forEach(function (x) { x.disabled = true; }); }, 0);
    });
  });
})();
`;
