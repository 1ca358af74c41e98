/// The playground page served at `GET /`: one self-contained HTML document (inline CSS and script,
/// no external assets). It builds a layout-file tree from its controls and POSTs
/// `{"tree", "width", "dynamicType", "direction", "overlays": true}` to `/v1/render` on every change
/// (debounced), showing the SVG, and the same body without `overlays` to `/v1/layout` to count rows.
///
/// The controls' state is mirrored in the query string (`?text=…&style=…&font=…&dynamicType=…&width=…
/// &direction=…&layout=…`), so a state is a link, and a headless browser can load one. The preview
/// element carries `data-state` (`loading`, `ok`, `error`), `data-rows`, `data-width`, `data-height`
/// and `data-dynamic-type` for scripts.
public enum PlaygroundPage {
    public static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TextFit playground</title>
<style>
  :root { font-family: system-ui, sans-serif; color: #1d1d1f; background: #f5f5f7; }
  body { margin: 0; display: grid; grid-template-columns: 320px 1fr; min-height: 100vh; }
  aside { background: #fff; border-right: 1px solid #d2d2d7; padding: 16px; display: flex; flex-direction: column; gap: 12px; }
  h1 { font-size: 18px; margin: 0; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: #424245; }
  label.inline { flex-direction: row; align-items: center; gap: 8px; }
  textarea { font: inherit; font-size: 14px; min-height: 140px; resize: vertical; padding: 6px; }
  select, input[type=range] { font: inherit; width: 100%; }
  output { font-variant-numeric: tabular-nums; color: #1d1d1f; font-weight: 600; }
  main { padding: 16px; overflow: auto; }
  #summary { font-size: 13px; color: #424245; margin-bottom: 8px; min-height: 1.2em; }
  #summary.error { color: #b00020; }
  #preview { background: #fff; border: 1px dashed #aeaeb2; display: inline-block; min-width: 40px; min-height: 40px; }
  #preview[data-state=loading] { opacity: 0.6; }
  #preview svg { display: block; }
</style>
</head>
<body>
<aside>
  <h1>TextFit playground</h1>
  <label>Text <small>(one tag per line; the paragraph layout uses it all)</small>
    <textarea id="text" spellcheck="false">Zürich
東京
Settings
Настройки
الإعدادات
सेटिंग्स
Rindfleischetikettierung
👩🏽‍💻 Dev mode</textarea>
  </label>
  <label>Layout
    <select id="layout">
      <option value="flow" selected>flow (tag cloud)</option>
      <option value="stack">stack (vertical)</option>
      <option value="paragraph">paragraph</option>
    </select>
  </label>
  <label>Text style
    <select id="style">
      <option>largeTitle</option><option>title1</option><option>title2</option><option>title3</option>
      <option>headline</option><option selected>body</option><option>callout</option><option>subheadline</option>
      <option>footnote</option><option>caption1</option><option>caption2</option>
    </select>
  </label>
  <label>Font
    <select id="font"><option value="" selected>(default)</option></select>
  </label>
  <label>Dynamic Type <output id="dynamicTypeName">large</output>
    <input id="dynamicType" type="range" min="0" max="11" step="1" value="3"
           aria-describedby="dynamicTypeName">
  </label>
  <label>Width <output id="widthValue">390</output>
    <input id="width" type="range" min="60" max="1000" step="1" value="390" aria-describedby="widthValue">
  </label>
  <label>Direction
    <select id="direction">
      <option value="ltr" selected>left to right</option>
      <option value="rtl">right to left</option>
    </select>
  </label>
</aside>
<main>
  <div id="summary" role="status" aria-live="polite"></div>
  <div id="preview" data-state="loading" data-rows="" data-width="" data-height=""></div>
</main>
<script>
"use strict";
const SIZES = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
               "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"];
const $ = (id) => document.getElementById(id);
const controls = ["text", "layout", "style", "font", "dynamicType", "width", "direction"];

function state() {
  return {
    text: $("text").value,
    layout: $("layout").value,
    style: $("style").value,
    font: $("font").value,
    dynamicType: SIZES[Number($("dynamicType").value)] || "large",
    width: Number($("width").value),
    direction: $("direction").value === "rtl" ? "rtl" : "ltr",
  };
}

function textNode(s, string, extra) {
  const node = Object.assign({ text: string, style: s.style }, extra || {});
  if (s.font) node.font = s.font;
  return node;
}

/** The layout-file tree (docs/layout-file.md) for the current controls. */
function tree(s) {
  const tags = s.text.split("\n").map((t) => t.trim()).filter((t) => t.length > 0);
  if (s.layout === "paragraph") {
    return textNode(s, s.text.trim(), {});
  }
  const children = tags.map((t) => textNode(s, t, { padding: 6 }));
  if (s.layout === "stack") {
    return { vstack: { alignment: "leading", spacing: 8, children } };
  }
  return { flow: { spacing: 8, lineSpacing: 6, children } };
}

/** Rows of the root's children (the elements one level below the root): sorted by top, a child
    starts a new row when it begins below every child of the current row (baseline alignment
    staggers tops within a row, so distinct tops would over-count). */
function countRows(layout) {
  const frames = (layout.elements || [])
    .filter((e) => Array.isArray(e.path) && e.path.length === 1 && e.frame)
    .map((e) => e.frame)
    .sort((a, b) => a.y - b.y);
  let rows = 0, bottom = -Infinity;
  for (const f of frames) {
    if (f.y >= bottom - 0.5) {
      rows += 1;
      bottom = f.y + f.height;
    } else {
      bottom = Math.max(bottom, f.y + f.height);
    }
  }
  return rows;
}

function showControls(s) {
  $("dynamicTypeName").textContent = s.dynamicType;
  $("widthValue").textContent = String(s.width);
  const query = new URLSearchParams();
  for (const key of controls) {
    const value = key === "dynamicType" ? s.dynamicType : String(s[key]);
    if (value !== "") query.set(key, value);
  }
  history.replaceState(null, "", "?" + query.toString());
}

function loadQuery() {
  const query = new URLSearchParams(location.search);
  for (const key of controls) {
    if (!query.has(key)) continue;
    const value = query.get(key);
    if (key === "dynamicType") {
      const index = SIZES.indexOf(value);
      if (index >= 0) $("dynamicType").value = String(index);
    } else if (key === "font") {
      const select = $("font");
      if (![...select.options].some((o) => o.value === value)) select.add(new Option(value, value));
      select.value = value;
    } else {
      $(key).value = value;
    }
  }
}

async function errorText(response) {
  try {
    const body = await response.json();
    if (body && body.error) return body.error.code + ": " + body.error.message;
  } catch (e) {}
  return "HTTP " + response.status;
}

let sequence = 0;
let controller = null;
async function update() {
  const s = state();
  showControls(s);
  const mine = ++sequence;
  if (controller) controller.abort();
  controller = new AbortController();
  const signal = controller.signal;
  const preview = $("preview");
  preview.dataset.state = "loading";
  const options = { tree: tree(s), width: s.width, dynamicType: s.dynamicType, direction: s.direction };
  const post = (path, body) => fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
  try {
    const [render, layout] = await Promise.all([
      post("/v1/render", { tree: options.tree, width: options.width, dynamicType: options.dynamicType,
                           direction: options.direction, "overlays": true }),
      post("/v1/layout", options),
    ]);
    if (mine !== sequence) return;
    if (!render.ok) throw new Error(await errorText(render));
    const svg = await render.text();
    let rows = null, size = null;
    if (layout.ok) {
      const answer = await layout.json();
      const first = answer && Array.isArray(answer.layouts) ? answer.layouts[0] : null;
      if (first) {
        size = first.size || null;
        if (s.layout !== "paragraph") rows = countRows(first);
      }
    }
    if (mine !== sequence) return;
    preview.innerHTML = svg;
    preview.dataset.rows = rows === null ? "" : String(rows);
    preview.dataset.width = size ? String(size.width) : "";
    preview.dataset.height = size ? String(size.height) : "";
    preview.dataset.dynamicType = s.dynamicType;
    preview.dataset.requestWidth = String(s.width);
    preview.dataset.direction = s.direction;
    preview.dataset.state = "ok";
    const parts = [s.dynamicType, s.width + " pt wide", s.direction.toUpperCase()];
    if (size) parts.push(size.width.toFixed(1) + " × " + size.height.toFixed(1) + " pt");
    if (rows !== null) parts.push(rows + (rows === 1 ? " row" : " rows"));
    $("summary").textContent = parts.join(" · ");
    $("summary").className = "";
  } catch (error) {
    if (error.name === "AbortError" || mine !== sequence) return;
    preview.dataset.state = "error";
    $("summary").textContent = String(error.message || error);
    $("summary").className = "error";
  }
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 120);
}

async function loadFonts() {
  try {
    const response = await fetch("/v1/fonts");
    if (!response.ok) return;
    const answer = await response.json();
    const list = answer.families || answer.fonts || [];
    const select = $("font");
    const have = new Set([...select.options].map((o) => o.value));
    for (const entry of list) {
      const name = typeof entry === "string" ? entry : (entry.family || entry.name);
      if (typeof name === "string" && !have.has(name)) {
        select.add(new Option(name, name));
        have.add(name);
      }
    }
  } catch (e) {}
}

for (const id of controls) {
  $(id).addEventListener("input", schedule);
  $(id).addEventListener("change", schedule);
}
loadQuery();
update();
loadFonts().then(loadQuery);
</script>
</body>
</html>
"""#
}
