// The last page of the Google sign-in popup: tell the window that opened it how sign-in
// ended, then close. The server adds ?error=<code> when sign-in failed.
(function () {
  var error = new URLSearchParams(window.location.search).get('error');
  var message = { type: 'taskbid:oauth', error: error || null };
  var told = false;
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, window.location.origin);
      told = true;
    }
  } catch {
    // The opener may be gone or unreachable; fall through to the channel.
  }
  try {
    if (typeof BroadcastChannel === 'function') {
      var channel = new BroadcastChannel('taskbid:oauth');
      channel.postMessage(message);
      channel.close();
      told = true;
    }
  } catch {
    // Nothing else to try.
  }
  if (window.opener || told) {
    window.close();
  }
  // Still open (opened as a normal tab): go somewhere useful instead of a blank page.
  window.setTimeout(function () {
    window.location.replace(error ? '/login?error=' + encodeURIComponent(error) : '/');
  }, 300);
})();
