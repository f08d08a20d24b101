// cardgen serve: reload the page when the files change, show whether the PDFs are current.
// Long-polls /_live with what this page shows; the server answers once something differs.
(function () {
  const root = document.documentElement;
  const shown = { generation: root.dataset.generation, build: root.dataset.build, state: root.dataset.state };
  const status = document.getElementById("cardgen-status");
  const texts = { waiting: "PDFs: first build running …", rendering: "rendering PDFs …" };
  function poll() {
    const query = new URLSearchParams(shown).toString();
    fetch("/_live?" + query, { cache: "no-store" })
      .then((response) => response.json())
      .then((now) => {
        if (String(now.generation) !== shown.generation || String(now.build) !== shown.build) {
          window.location.reload();
          return;
        }
        if (now.state !== shown.state && status) {
          status.className = "status " + now.state;
          status.textContent = texts[now.state] || now.text;
          shown.state = now.state;
        }
        poll();
      })
      .catch(() => setTimeout(poll, 1000));   // the server is away (restarting): try again
  }
  poll();
})();
