// The offline page returns to the app as soon as the server answers again: on the browser's "online" event and,
// because that event is unreliable (a captive Wi-Fi, a flaky signal), by asking the server every 5 seconds.
(function () {
  var back = false;
  function tryAgain() {
    if (back) return;
    fetch('/healthz', { cache: 'no-store' })
      .then(function (response) {
        if (response.ok && !back) {
          back = true;
          // The worker answered a page of the app with this one: load that page again.
          if (window.location.pathname === '/offline.html') window.location.replace('/dashboard');
          else window.location.reload();
        }
      })
      .catch(function () {});
  }
  window.addEventListener('online', tryAgain);
  setInterval(tryAgain, 5000);
})();
