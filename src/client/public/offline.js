// The offline page's one action: load the address again. It also does so by itself as soon
// as the browser says the connection is back.
(function () {
  var reload = function () {
    window.location.reload();
  };
  document.getElementById('try-again').addEventListener('click', reload);
  window.addEventListener('online', reload);
})();
