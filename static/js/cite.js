/* The paper page's cite box (templates/includes/cite_box.html). The page picks and shows a
   style without script; this adds the Copy button, which puts the shown citation on the
   clipboard or, where the clipboard is out of reach (a site served over plain http, a browser
   refusing), selects the text for the visitor to copy. The style picked is remembered for the
   next paper. Loaded as a file: the Content-Security-Policy runs no inline script. */
(() => {
  "use strict";
  const REMEMBERED = "labpubs.citation-style";

  function remembered() {
    try {
      return localStorage.getItem(REMEMBERED);
    } catch {
      return null; // storage disabled
    }
  }

  function remember(style) {
    try {
      localStorage.setItem(REMEMBERED, style);
    } catch {
      // storage disabled: the choice lasts as long as the page
    }
  }

  function selectText(element) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function setUp(box) {
    const radios = [...box.querySelectorAll("input[name=cite-style]")];
    const button = box.querySelector(".copy-citation");
    const status = box.querySelector(".copy-status");
    const chosen = radios.find((radio) => radio.value === remembered());
    if (chosen) chosen.checked = true;
    for (const radio of radios) {
      radio.addEventListener("change", () => {
        status.textContent = "";
        remember(radio.value);
      });
    }
    button.addEventListener("click", async () => {
      const checked = radios.find((radio) => radio.checked);
      const shown = document.getElementById(checked.getAttribute("aria-controls")).querySelector("pre");
      try {
        await navigator.clipboard.writeText(shown.textContent);
        status.textContent = button.dataset.copied;
      } catch {
        selectText(shown);
        status.textContent = button.dataset.selected;
      }
    });
    button.hidden = false;
  }

  document.querySelectorAll(".cite").forEach(setUp);
})();
