/* labpubs embed: a person's or a group's publication list in any page (docs/api.md).

     <script src="https://LAB/static/js/embed.js" data-person="jin-fang" data-rank="A" async></script>

   The list is the site's embed page (/api/v1/embed/people/<slug>/, the page an <iframe> shows),
   rendered and escaped by the site: it is parsed here as an inert document, its list taken out,
   any script or event attribute dropped, its links made absolute, and put after this script
   (or into the element data-target names). With the site's static files on another host
   (STATIC_URL), data-site names the site: data-site="https://lab.example.org". The list's stylesheet comes from the site too;
   the page themes it with the --labpubs-* variables. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var data = script.dataset;
  var kind = data.person ? "people" : data.group ? "groups" : "";
  if (!kind) return;
  var base = new URL(script.src);
  // The filters of the public lists, as data-* attributes (data-year-min="2020").
  var FILTERS = ["year", "yearMin", "yearMax", "kind", "rank", "edition", "venue", "status",
                 "selected", "tag", "q", "lang"];
  var query = new URLSearchParams();
  FILTERS.forEach(function (name) {
    if (data[name]) query.set(name.replace(/[A-Z]/g, function (c) { return "_" + c.toLowerCase(); }), data[name]);
  });
  var slug = data.person || data.group;
  // The site: where this script comes from, unless its static files are on another host.
  var site = data.site || base.origin;
  var url = new URL("/api/v1/embed/" + kind + "/" + encodeURIComponent(slug) + "/", site);
  url.search = query.toString();

  var holder = document.createElement("div");
  holder.className = "labpubs-embed-holder";
  var target = data.target ? document.getElementById(data.target) : null;
  if (target) target.appendChild(holder); else script.parentNode.insertBefore(holder, script.nextSibling);

  if (!document.querySelector("link[data-labpubs-embed]")) {
    var sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = new URL("../css/embed.css", base).href;
    sheet.setAttribute("data-labpubs-embed", "");
    document.head.appendChild(sheet);
  }

  function clean(list) {
    list.querySelectorAll("script, iframe, object, embed").forEach(function (node) { node.remove(); });
    list.querySelectorAll("*").forEach(function (node) {
      Array.prototype.slice.call(node.attributes).forEach(function (attribute) {
        if (/^on/i.test(attribute.name)) node.removeAttribute(attribute.name);
      });
    });
    list.querySelectorAll("a[href]").forEach(function (link) {
      var href = new URL(link.getAttribute("href"), url);
      if (href.protocol !== "http:" && href.protocol !== "https:" && href.protocol !== "mailto:") {
        link.removeAttribute("href");
        return;
      }
      link.href = href.href;
      link.target = "_blank";
      link.rel = "noopener";
    });
    return list;
  }

  fetch(url.href, { credentials: "omit" })
    .then(function (response) {
      if (!response.ok) throw new Error("labpubs embed: " + response.status + " " + url.href);
      return response.text();
    })
    .then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var list = page.querySelector("[data-labpubs-list]");
      if (!list) return;
      holder.replaceWith(document.importNode(clean(list), true));
    })
    .catch(function (error) {
      holder.textContent = "";
      if (window.console) console.warn(error);
    });
})();
