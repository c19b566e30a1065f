// Formats CSL items with citeproc-js, the CSL processor inside Zotero and Mendeley.
//
//   node render.js < request.json > response.json
//
// The request (written by refresh.py): {"styles": {name: CSL XML}, "locales": {tag: XML},
// "cases": [{"id", "item", "shortened"}], "lists": {name: [case id, ...]}, and optionally
// "forms": the forms each case is written in, ["text", "html"] unless given}. The response,
// for each style: every case alone in a bibliography (its text and HTML), and every list
// as one bibliography (the cases in the style's order, with their texts, HTML and the year
// suffix citeproc-js gave each).
//
// A shortened author list (more authors than the item names) has no form in CSL. It is
// formatted as a list one name longer than the item's, by the style with its et-al rule
// met at that length: when the style itself would shorten a list that long, as the style
// shortens it; otherwise after the names the item gives. Either way the style's own et-al
// term follows, and et-al-use-last never applies (the last author is unknown). In lists,
// shortened items are sorted and disambiguated by the names they give.
"use strict";

const fs = require("fs");
const CSL = require("citeproc");

const PLACEHOLDER = { family: "Unrecorded", given: "Author" };

function attribute(tag, name) {
  const found = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return found ? found[1] : undefined;
}

function withAttributes(tag, values) {
  let out = tag;
  for (const [name, value] of Object.entries(values)) {
    const pattern = new RegExp(`\\s${name}="[^"]*"`);
    out = pattern.test(out)
      ? out.replace(pattern, ` ${name}="${value}"`)
      : out.replace(/^<([\w-]+)/, `<$1 ${name}="${value}"`);
  }
  return out;
}

// The style with its et-al rule met by a list of `count` names (see above).
function shortenedStyle(xml, count) {
  const rule = (tag, inherited) => ({
    min: Number(attribute(tag, "et-al-min") ?? inherited.min),
    first: Number(attribute(tag, "et-al-use-first") ?? inherited.first),
  });
  const met = ({ min, first }) =>
    count >= min
      ? { "et-al-min": min, "et-al-use-first": first, "et-al-use-last": "false" }
      : { "et-al-min": count, "et-al-use-first": count - 1, "et-al-use-last": "false" };
  const styleTag = xml.match(/<style\b[^>]*>/)[0];
  const styleRule = rule(styleTag, { min: Infinity, first: Infinity });
  const bibliographyTag = xml.match(/<bibliography\b[^>]*>/)[0];
  const bibliographyRule = rule(bibliographyTag, styleRule);
  let out = xml.replace(bibliographyTag, withAttributes(bibliographyTag, met(bibliographyRule)));
  out = out.replace(/<name\b[^>]*?\/?>/g, (tag) => withAttributes(tag, met(rule(tag, bibliographyRule))));
  return out;
}

function engine(xml, locales, items) {
  const sys = {
    retrieveLocale: (tag) => locales[tag] ?? false,
    retrieveItem: (id) => items[id],
  };
  return new CSL.Engine(sys, xml);
}

function bibliography(processor, ids, format) {
  processor.setOutputFormat(format);
  processor.updateItems(ids);
  const [meta, entries] = processor.makeBibliography();
  return { ids: meta.entry_ids.map((group) => group[0]), entries };
}

function render(request) {
  const cases = Object.fromEntries(request.cases.map((c) => [c.id, c]));
  const plain = Object.fromEntries(request.cases.map((c) => [c.id, c.item]));
  const response = {};
  for (const [name, xml] of Object.entries(request.styles)) {
    const processor = engine(xml, request.locales, plain);
    const shortenedXml = new Map(); // list length -> the style with its et-al rule met there
    const entries = {};
    const forms = request.forms ?? ["text", "html"];
    for (const { id, item, shortened } of request.cases) {
      let one = processor;
      let ids = [id];
      if (shortened) {
        const names = [...(item.author ?? []), PLACEHOLDER];
        if (!shortenedXml.has(names.length)) {
          shortenedXml.set(names.length, shortenedStyle(xml, names.length));
        }
        const longer = { ...item, id: "shortened", author: names };
        one = engine(shortenedXml.get(names.length), request.locales, { shortened: longer });
        ids = ["shortened"];
      }
      entries[id] = Object.fromEntries(
        forms.map((form) => [form, bibliography(one, ids, form).entries[0]]),
      );
    }
    const lists = {};
    for (const [list, ids] of Object.entries(request.lists)) {
      const text = bibliography(processor, ids, "text");
      const html = bibliography(processor, ids, "html");
      const suffixes = text.ids.map((id) => {
        const suffix = processor.registry.registry[id].disambig.year_suffix;
        return suffix === false || suffix === undefined ? null : Number(suffix);
      });
      lists[list] = {
        ids: text.ids,
        shortened: text.ids.map((id) => Boolean(cases[id].shortened)),
        year_suffixes: suffixes,
        text: text.entries,
        html: html.entries,
      };
    }
    response[name] = { entries, lists };
  }
  return response;
}

const request = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(render(request)));
