// Applies the stored theme before the first paint, so a reload never flashes the wrong one.
// Loaded synchronously in <head>; the app (src/client/lib/theme.ts) uses the same rules.
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch {
    // Storage blocked: keep the default.
  }
  var root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
})();
