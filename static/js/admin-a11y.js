/* Names for the admin's controls that Django's own scripts and lists leave unnamed, so that a
   screen reader says what each one is:
   - a select2 picker (an autocomplete field) is named by its field's label, or, in a table,
     by its column's header, followed by what it holds;
   - a multiple picker's search box, and the search box of an open picker, are named the same
     way;
   - the search icons of a "chosen / available" box are images with a name;
   - an open picker tells which list it controls.
   Pickers and rows come and go (an inline row added, a picker opened), so this runs again on
   every change of the page. */
(function () {
  "use strict";
  let counter = 0;

  function idOf(element) {
    if (!element.id) {
      counter += 1;
      element.id = "a11y-name-" + counter;
    }
    return element.id;
  }

  function text(element) {
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  /* The column header of a table cell, if the cell is in a table with one. */
  function columnHeader(cell) {
    const table = cell && cell.closest("table");
    if (!table || !table.tHead) return null;
    let column = 0;
    for (let sibling = cell.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      column += sibling.colSpan || 1;
    }
    let at = 0;
    for (const header of table.tHead.rows[0].cells) {
      if (at === column) return text(header) ? header : null;
      at += header.colSpan || 1;
    }
    return null;
  }

  /* What names a form control: its label, or its column's header; null when nothing does. */
  function namer(control) {
    if (control.id) {
      const label = document.querySelector('label[for="' + CSS.escape(control.id) + '"]');
      if (label && text(label)) return label;
    }
    return columnHeader(control.closest("td, th"));
  }

  function namePickers() {
    for (const select of document.querySelectorAll("select.select2-hidden-accessible")) {
      const container = select.nextElementSibling;
      if (!container || !container.classList.contains("select2-container")) continue;
      const name = namer(select);
      const own = select.getAttribute("aria-label");
      const selection = container.querySelector(".select2-selection");
      if (selection && !selection.dataset.named) {
        const rendered = selection.querySelector(".select2-selection__rendered");
        const parts = [];
        if (name) parts.push(idOf(name));
        const single = rendered && selection.classList.contains("select2-selection--single");
        if (single) parts.push(idOf(rendered));
        if (name) {
          selection.setAttribute("aria-labelledby", parts.join(" "));
          if (single) rendered.setAttribute("aria-labelledby", idOf(name)); // a read-only text box
        } else if (own) {
          selection.removeAttribute("aria-labelledby");
          selection.setAttribute("aria-label", own);
          if (single) rendered.setAttribute("aria-label", own);
        }
        selection.dataset.named = "1";
      }
      const label = name ? text(name) : own;
      const search = container.querySelector(".select2-search__field");
      if (search && label && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", label);
    }
  }

  /* The search box of an open picker's drop-down, which select2 puts at the end of the page:
     its results' id names the select it searches ("select2-id_venue-results"). */
  function nameDropdownSearch() {
    for (const search of document.querySelectorAll(".select2-dropdown .select2-search__field:not([aria-label])")) {
      const results = (search.getAttribute("aria-controls") || "").match(/^select2-(.+)-results$/);
      const select = results && document.getElementById(results[1]);
      const name = select && (namer(select) ? text(namer(select)) : select.getAttribute("aria-label"));
      if (name) search.setAttribute("aria-label", name);
    }
  }

  function nameIcons() {
    for (const icon of document.querySelectorAll(".search-label-icon[aria-label]:not([role])")) {
      icon.setAttribute("role", "img");
    }
  }

  function nameAll() {
    namePickers();
    nameDropdownSearch();
    nameIcons();
  }

  /* An open picker names its list with aria-owns; a combobox names it with aria-controls. */
  function controlsOf(mutations) {
    for (const mutation of mutations) {
      const owns = mutation.target.getAttribute("aria-owns");
      if (owns && mutation.target.getAttribute("role") === "combobox") {
        mutation.target.setAttribute("aria-controls", owns);
      }
    }
  }

  new MutationObserver(nameAll).observe(document.documentElement, { childList: true, subtree: true });
  new MutationObserver(controlsOf).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["aria-owns"],
    subtree: true,
  });
  document.addEventListener("DOMContentLoaded", nameAll);
  window.addEventListener("load", nameAll);
})();
