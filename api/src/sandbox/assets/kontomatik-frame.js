// The sandbox kontomatik page's ending, inside the app's iframe: tells the parent page how the bank connection
// ended, by postMessage aimed at the app's origin only (never '*'); the app checks the sender's origin in turn.
(() => {
  const result = document.getElementById('kontomatik-result');
  if (!result || window.parent === window) return;
  window.parent.postMessage(JSON.parse(result.dataset.message), result.dataset.targetOrigin);
})();
