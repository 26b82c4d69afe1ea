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
  if (told) window.close();
  // Still open (a browser that keeps it, or a page opened as a normal tab): say what to do.
  window.setTimeout(function () {
    var text = document.getElementById('status');
    var link = document.getElementById('continue');
    if (text) {
      text.textContent = error
        ? 'Signing in did not finish. You can close this window and try again.'
        : 'You are signed in. You can close this window.';
    }
    if (link) {
      link.setAttribute('href', error ? '/login?error=' + encodeURIComponent(error) : '/');
      link.hidden = false;
    }
  }, 500);
})();
