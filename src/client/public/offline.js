// The offline page's one action: load the address again. It also does so by itself as soon
// as the browser says the connection is back, or, when the connection came back before this
// script ran (it runs after the page has been parsed), once the address answers again.
(function () {
  var reload = function () {
    window.location.reload();
  };
  document.getElementById('try-again').addEventListener('click', reload);
  window.addEventListener('online', reload);
  // (Not on the notice's own address, which answers all the time.)
  if (!navigator.onLine || window.location.pathname === '/offline.html') return;
  // Not a page load, so the service worker lets it through to the server; a server that is
  // down or answers with an error leaves the notice (reloading then would only show it again).
  fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }).then(
    function (response) {
      if (response.status < 500) reload();
    },
    function () {},
  );
})();
