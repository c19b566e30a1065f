// Reads exports back with citation-js (the library behind Citation.js and several
// reference managers' importers), as a program that uses it would: RIS through
// @citation-js/plugin-ris, CSL-JSON through @citation-js/core's own input.
//
//   node read.js < request.json > response.json
//
// The request: {"ris": RIS text, "csl": CSL-JSON text} (either may be left out). The
// response, for each format given: {"items": the CSL items citation-js made of it,
// "log": [[level, scope, message], ...] what it reported while reading (warnings, errors,
// and the tags and fields it did not map)}.
"use strict";

const fs = require("fs");
const { plugins, logger } = require("@citation-js/core");
require("@citation-js/plugin-ris");

const REPORTED = new Set(["unmapped", "warn", "error"]);

function read(data, type) {
  const log = [];
  const output = logger._output;
  logger._output = (level, scope, msg) => {
    if (REPORTED.has(level)) log.push([level, String(scope), msg.map(String).join(" ")]);
  };
  try {
    const items = plugins.input.chain(data, { forceType: type, generateGraph: false });
    return { items, log };
  } catch (error) {
    log.push(["error", "read", String(error && error.stack ? error.stack : error)]);
    return { items: [], log };
  } finally {
    logger._output = output;
  }
}

const request = JSON.parse(fs.readFileSync(0, "utf8"));
const response = {};
if (request.ris !== undefined) response.ris = read(request.ris, "@ris/file");
if (request.csl !== undefined) response.csl = read(JSON.parse(request.csl), "@csl/list+object");
process.stdout.write(JSON.stringify(response));
