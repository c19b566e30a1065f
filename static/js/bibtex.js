/* The BibTeX of a list's entries (templates/includes/paper_entry.html). An entry's BibTeX is
   not in the page: its <details> holds a link to the paper's export.bib, which is what a
   visitor without script follows. With script, opening the <details> fetches that export
   once and shows it above the link. One listener for the whole page: "toggle" does not
   bubble, so it is caught on its way down. Loaded as a file: the Content-Security-Policy
   runs no inline script. */
(() => {
  "use strict";

  async function show(details) {
    const link = details.querySelector("a.bibtex-source");
    if (!link || details.dataset.loaded) return;
    details.dataset.loaded = "loading";
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${response.status} ${link.href}`);
      const source = document.createElement("pre");
      source.textContent = (await response.text()).trim();
      source.tabIndex = 0; // a long line scrolls: the keyboard reaches it too
      details.insertBefore(source, link);
      details.dataset.loaded = "yes";
    } catch (error) {
      delete details.dataset.loaded; // the link is still there; the next opening tries again
      if (window.console) console.warn("BibTeX:", error);
    }
  }

  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (details instanceof HTMLDetailsElement && details.open && details.matches(".bibtex")) {
        show(details);
      }
    },
    true,
  );
})();
