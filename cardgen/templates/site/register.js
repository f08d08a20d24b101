// The web edition's service worker (sw.js): registered when the page is served over http(s).
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const root = document.querySelector('link[rel="manifest"]').href.replace(/manifest\.webmanifest$/, "");
  navigator.serviceWorker.register(root + "sw.js", { scope: root });
}
