// sheetgen studio: one small script, no build step. Each page is drawn from the server's JSON;
// a server-sent "change" event makes the page ask again and patch itself in place (images are
// swapped only when their URL, which names the face's content, changed), so nothing reloads and
// the scroll position stays. window.studio.updates records when each update finished showing
// (all new images loaded): the browser test and the benchmark read it.
"use strict";
var studio = { version: -1, updates: [], current: null };
window.studio = studio;

function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "text") node.textContent = attrs[k];
    else if (k === "cls") node.className = attrs[k];
    else node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) { if (c) node.appendChild(c); });
  return node;
}
function svgEl(tag, attrs) {
  var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
  return node;
}
function getJSON(url) {
  return fetch(url, { cache: "no-store" }).then(function (r) {
    return r.json().then(function (body) {
      if (!r.ok) throw new Error([].concat(body.error || r.statusText).join("\n"));
      return body;
    });
  });
}
function enc(s) { return encodeURIComponent(s); }
// the edition shown (?edition=es on the page's address): every request asks for it
var EDITION = new URLSearchParams(location.search).get("edition") || "";
function vq(variant, sep) {
  var q = (variant ? "variant=" + enc(variant) : "") +
          (EDITION ? (variant ? "&" : "") + "edition=" + enc(EDITION) : "");
  return q ? (sep || "?") + q : "";
}
// the grid's pictures drawn at the size they are shown (a tile is as many CSS pixels as the
// face has points): 72 dpi on a screen of one pixel a point, else the grid's 96 dpi
var GRID_DPI = (window.devicePixelRatio || 1) > 1 ? 96 : 72;
// links to the same page in each edition of a game (the switcher)
function editionLinks(g) {
  var links = el("p", { cls: "links" }, [el("span", { text: "edition:" })]);
  [""].concat(g.editions || []).forEach(function (code) {
    var here = code === EDITION;
    links.appendChild(el(here ? "strong" : "a", { href: location.pathname + (code ? "?edition=" + enc(code) : "") + location.hash,
                                                    text: code || "source" }));
  });
  // each edition beside the source, its untranslated texts flagged
  (g.editions || []).forEach(function (code) {
    links.appendChild(el("a", { href: "#/edition/" + enc(g.id) + "/" + enc(code), text: "source beside " + code }));
  });
  return links;
}

// Swap an image's source if it changed; resolve when the new picture is loaded.
function setImage(img, url, loads) {
  if (!url) { img.hidden = true; return; }
  img.hidden = false;
  if (img.getAttribute("src") === url) return;
  var box = img.getBoundingClientRect();
  // a lazy image far from the screen loads when scrolled to: nothing to wait for now
  var near = img.loading !== "lazy" || (box.bottom > -innerHeight && box.top < 2 * innerHeight);
  if (near) {
    loads.push(new Promise(function (done) {
      img.onload = function () { done(); };
      img.onerror = function () { done(); imageFailed(img, url); };
    }));
  } else {
    img.onerror = function () { imageFailed(img, url); };
  }
  img.setAttribute("src", url);
}
// A face that cannot be drawn: its path:line: message in the banner and on the image.
function imageFailed(img, url) {
  fetch(url).then(function (r) { return r.json(); }).then(function (body) {
    var lines = [].concat(body.error || []), box = document.getElementById("banner");
    img.title = lines.join("\n");
    lines.forEach(function (p) { box.appendChild(el("div", { cls: "problem", text: p })); });
    box.hidden = !box.childNodes.length;
  }).catch(function () {});
}
function finished(loads, version) {
  return Promise.all(loads).then(function () {
    studio.updates.push({ version: version, at: Date.now(), images: loads.length });
    document.body.setAttribute("data-version", String(version));
  });
}

function banner(data) {
  var box = document.getElementById("banner");
  box.textContent = "";
  (data.problems || []).forEach(function (p) { box.appendChild(el("div", { cls: "problem", text: p })); });
  (data.warnings || []).forEach(function (p) { box.appendChild(el("div", { cls: "warning", text: "warning: " + p })); });
  box.hidden = !box.childNodes.length;
}
function crumbs(parts) {
  var nav = document.getElementById("crumbs");
  nav.textContent = "";
  parts.forEach(function (p) { nav.appendChild(p[1] ? el("a", { href: p[1], text: p[0] }) : el("span", { text: p[0] })); });
}
function route() {
  var hash = location.hash.replace(/^#\/?/, "");
  var query = {};
  var q = hash.indexOf("?");
  if (q >= 0) {
    hash.slice(q + 1).split("&").forEach(function (kv) {
      var p = kv.split("="); query[decodeURIComponent(p[0])] = decodeURIComponent(p[1] || "");
    });
    hash = hash.slice(0, q);
  }
  return { parts: hash.split("/").filter(Boolean).map(decodeURIComponent), query: query };
}

// ---- pages: each returns {update: function () -> Promise} -------------------------------
function homePage(main, r) {
  var game = r.parts[1];
  function update() {
    return getJSON("/api/games" + vq("")).then(function (data) {
      main.textContent = "";
      var games = data.games.filter(function (g) { return !game || g.id === game; });
      crumbs(game ? [["games", "#/"], [game]] : [["games"]]);
      banner({ problems: [].concat.apply([], games.map(function (g) { return g.problems; })),
               warnings: [] });
      games.forEach(function (g) {
        main.appendChild(el("h1", {}, [el("a", { href: "#/game/" + enc(g.id), text: g.name })]));
        var links = el("p", { cls: "links" });
        g.variants.forEach(function (v) { links.appendChild(el("a", { href: "#/variant/" + enc(g.id) + "/" + enc(v), text: "variant " + v })); });
        if (g.dice) links.appendChild(el("a", { href: "#/dice/" + enc(g.id), text: "dice panel" }));
        main.appendChild(links);
        main.appendChild(editionLinks(g));
        var list = el("ul", { cls: "plain" });
        g.components.forEach(function (c) {
          list.appendChild(el("li", {}, [
            el("a", { href: "#/grid/" + enc(g.id) + "/" + enc(c.id) + vq(r.query.variant), text: c.title }),
            el("span", { cls: "kind", text: "  " + c.kind + " · " + c.id + (c.stale ? " · has mistakes" : "") }),
            el("span", { text: "  " }),
            el("a", { cls: "kind", href: "#/print/" + enc(g.id) + "/" + enc(c.id), text: "printed pages" })]));
        });
        main.appendChild(list);
      });
      return finished([], data.version);
    });
  }
  return { update: update };
}

function gridPage(main, r) {
  var game = r.parts[1], comp = r.parts[2], variant = r.query.variant;
  var title = el("h1"), grid = el("div", { cls: "grid", id: "grid" });
  var links = el("p", { cls: "links" }, [el("a", { href: "#/print/" + enc(game) + "/" + enc(comp) + "/-" + vq(variant), text: "printed pages" })]);
  main.appendChild(title); main.appendChild(links); main.appendChild(grid);
  function update() {
    return getJSON("/api/component/" + enc(game) + "/" + enc(comp) + vq(variant) +
                   (vq(variant) ? "&" : "?") + "dpi=" + GRID_DPI).then(function (data) {
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], [data.title + (variant ? " (" + variant + ")" : "")]]);
      banner(data);
      title.textContent = data.title + (variant ? " — variant " + variant : "");
      grid.classList.toggle("stale", data.stale);
      var loads = [];
      data.tiles.forEach(function (t, i) {
        var tile = grid.children[i];
        if (!tile) {
          // the tiles whose faces came drawn with the grid load at once; the rest when near
          var loading = i < (data.drawn || 0) ? "eager" : "lazy";
          tile = el("div", { cls: "tile" }, [el("a", {}, [el("img", { alt: "front", loading: loading }), el("img", { alt: "back", loading: loading })]),
                                             el("div", { cls: "label" })]);
          grid.appendChild(tile);
        }
        tile.setAttribute("data-label", t.label);
        tile.firstChild.setAttribute("href", "#/face/" + enc(game) + "/" + enc(comp) + "/" + t.index + "/front" + vq(variant));
        [["front", 0], ["back", 1]].forEach(function (s) {
          var img = tile.firstChild.children[s[1]], face = t[s[0]];
          if (face) { img.width = Math.round(face.width + 2 * face.bleed); img.height = Math.round(face.height + 2 * face.bleed); }
          setImage(img, face && face.url, loads);
        });
        tile.lastChild.textContent = t.label + (t.count > 1 ? " ×" + t.count : "") +
          (t.findings ? "  ⚠ " + t.findings + " print check" + (t.findings > 1 ? "s" : "") : "");
        tile.classList.toggle("flagged", t.findings > 0);
      });
      while (grid.children.length > data.tiles.length) grid.removeChild(grid.lastChild);
      return finished(loads, data.version);
    });
  }
  return { update: update };
}

function facePage(main, r) {
  var game = r.parts[1], comp = r.parts[2], index = Number(r.parts[3]), side = r.parts[4];
  var variant = r.query.variant, data = null, picked = null;
  var stage = el("div", { cls: "stage" }), img = el("img", { alt: "face" }), svg = svgEl("svg", {});
  stage.appendChild(img); stage.appendChild(svg);
  var toggles = el("div", { cls: "controls" });
  ["trim", "bleed", "safe", "findings", "elements"].forEach(function (name) {
    var box = el("input", { type: "checkbox", id: "ov-" + name });
    box.checked = name !== "elements";
    box.onchange = draw;
    toggles.appendChild(el("label", {}, [box, document.createTextNode(" " + name)]));
  });
  var nav = el("p", { cls: "links" }), sources = el("div", { id: "sources" });
  var findings = el("ul", { cls: "findings" });
  var left = el("div", {}, [nav, toggles, stage]);
  var right = el("div", { cls: "side" }, [el("h2", { text: "Source (click an element)" }), sources,
                                           el("h2", { text: "Print checks" }), findings]);
  main.appendChild(el("h1", { id: "face-title" }));
  main.appendChild(el("div", { cls: "faceview" }, [left, right]));
  function on(name) { return document.getElementById("ov-" + name).checked; }
  function rect(box, cls, h) {
    return svgEl("rect", { x: box[0], y: h - box[3], width: box[2] - box[0], height: box[3] - box[1], class: cls });
  }
  function draw() {
    if (!data) return;
    var f = data.face, w = f.width, h = f.height, b = f.bleed, s = data.safe;
    svg.setAttribute("viewBox", [-b, -b, w + 2 * b, h + 2 * b].join(" "));
    svg.textContent = "";
    if (on("bleed")) svg.appendChild(rect([-b, -b, w + b, h + b], "ov-bleed", h));
    if (on("trim")) svg.appendChild(rect([0, 0, w, h], "ov-trim", h));
    if (on("safe")) svg.appendChild(rect([s, s, w - s, h - s], "ov-safe", h));
    if (on("elements")) data.elements.forEach(function (e) { svg.appendChild(rect(e.box, "ov-element", h)); });
    if (on("findings")) data.findings.forEach(function (x) {
      var r = rect(x.box, "ov-finding", h);
      r.appendChild(svgEl("title", {})).textContent = x.message;
      svg.appendChild(r);
    });
    if (picked !== null && data.elements[picked]) svg.appendChild(rect(data.elements[picked].box, "ov-picked", h));
  }
  svg.addEventListener("click", function (ev) {
    if (!data) return;
    var pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    var x = p.x, y = data.face.height - p.y, best = null, area = Infinity;
    data.elements.forEach(function (e) {
      var b = e.box, a = (b[2] - b[0]) * (b[3] - b[1]);
      if (x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3] && a <= area) { best = e.index; area = a; }
    });
    if (best === null) return;
    picked = best; draw(); showSource();
  });
  function showSource() {
    if (picked === null) return Promise.resolve();
    var url = "/api/source/" + enc(game) + "/" + enc(comp) + "/" + index + "/" + side + "/" + picked + vq(variant);
    return getJSON(url).then(function (locs) {
      sources.textContent = "";
      locs.forEach(function (loc) {
        var where = loc.shown + ":" + loc.line + (loc.column ? ":" + loc.column : "");
        var pre = el("pre");
        (loc.lines || []).forEach(function (l) {
          var number = String(l[0]).padStart(4) + "  ";
          if (l[0] === loc.line && loc.cell) {  // a spreadsheet cell: its column marked
            pre.appendChild(el("div", { cls: "here" }, [
              document.createTextNode(number + l[1].slice(0, loc.cell[0])),
              el("mark", { cls: "cell", text: l[1].slice(loc.cell[0], loc.cell[1]) }),
              document.createTextNode(l[1].slice(loc.cell[1]))]));
            return;
          }
          pre.appendChild(el("div", { cls: l[0] === loc.line ? "here" : "", text: number + l[1] }));
        });
        sources.appendChild(el("div", { cls: "source", "data-what": loc.what }, [
          el("strong", { text: loc.what }), el("div", { cls: "where", text: where }),
          el("a", { href: loc.link, text: "open in editor" }), document.createTextNode("  "),
          loc.view ? el("a", { href: loc.view + "#L" + loc.line, target: "_blank", text: "view file" }) : null,
          pre]));
      });
    });
  }
  function update() {
    var url = "/api/face/" + enc(game) + "/" + enc(comp) + "/" + index + "/" + side + vq(variant);
    return getJSON(url).then(function (d) {
      data = d;
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], [comp, "#/grid/" + enc(game) + "/" + enc(comp) + vq(variant)], [d.label + " " + side]]);
      banner(d);
      document.getElementById("face-title").textContent = d.label + " (" + side + ")";
      var loads = [];
      stage.style.width = Math.round((d.face.width + 2 * d.face.bleed) * 2) + "px";
      setImage(img, d.face.url, loads);
      img.classList.toggle("stale", d.stale);
      nav.textContent = "";
      var base = "#/face/" + enc(game) + "/" + enc(comp) + "/";
      if (index > 0) nav.appendChild(el("a", { href: base + (index - 1) + "/" + side + vq(variant), text: "‹ previous" }));
      if (index + 1 < d.cards) nav.appendChild(el("a", { href: base + (index + 1) + "/" + side + vq(variant), text: "next ›" }));
      if (d.has_back) nav.appendChild(el("a", { href: base + index + "/" + (side === "front" ? "back" : "front") + vq(variant), text: side === "front" ? "back" : "front" }));
      findings.textContent = "";
      d.findings.forEach(function (x) { findings.appendChild(el("li", { text: x.message })); });
      if (!d.findings.length) findings.appendChild(el("li", { text: "no findings on this face" }));
      draw();
      return Promise.all([showSource(), finished(loads, d.version)]);
    });
  }
  return { update: update };
}

function printPage(main, r) {
  var game = r.parts[1], comp = r.parts[2], profile = r.parts[3] || "-", variant = r.query.variant;
  var choose = el("p", { cls: "links" }), list = el("div", { cls: "pages" }), title = el("h1");
  main.appendChild(title);
  main.appendChild(choose); main.appendChild(list);
  function update() {
    return getJSON("/api/printed/" + enc(game) + "/" + enc(comp) + "/" + enc(profile) + vq(variant)).then(function (d) {
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], [comp, "#/grid/" + enc(game) + "/" + enc(comp)], [d.profile]]);
      banner(d);
      title.textContent = comp + " printed in " + d.profile + " (" + d.pages.length + " pages)";
      choose.textContent = "";
      d.profiles.forEach(function (p) { choose.appendChild(el("a", { href: "#/print/" + enc(game) + "/" + enc(comp) + "/" + enc(p) + vq(variant), text: p })); });
      var loads = [];
      d.pages.forEach(function (url, i) {
        var img = list.children[i] || list.appendChild(el("img", { alt: "page " + (i + 1), loading: "lazy" }));
        setImage(img, url, loads);
      });
      while (list.children.length > d.pages.length) list.removeChild(list.lastChild);
      return finished(loads, d.version);
    });
  }
  return { update: update };
}

function variantPage(main, r) {
  var game = r.parts[1], variant = r.parts[2];
  var text = el("pre", { cls: "out" }), rows = el("div");
  main.appendChild(el("h1", { text: game + ": base beside variant " + variant }));
  main.appendChild(text); main.appendChild(rows);
  function update() {
    return getJSON("/api/variant/" + enc(game) + "/" + enc(variant)).then(function (d) {
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], ["variant " + variant]]);
      banner(d);
      text.textContent = d.text;
      var loads = [];
      d.rows.forEach(function (row, i) {
        var pair = rows.children[i];
        if (!pair) pair = rows.appendChild(el("div", { cls: "pair" }, [el("div", { cls: "what" }), el("img", { alt: "base" }), el("img", { alt: "variant" })]));
        pair.firstChild.textContent = row.component + " / " + row.label + " (" + row.side + ")" + (row.changed ? "  CHANGED" : "");
        pair.classList.toggle("is-changed", row.changed);
        pair.children[2].classList.toggle("changed", row.changed);
        setImage(pair.children[1], row.base, loads);
        setImage(pair.children[2], row.variant, loads);
      });
      while (rows.children.length > d.rows.length) rows.removeChild(rows.lastChild);
      return finished(loads, d.version);
    });
  }
  return { update: update };
}

// one edition beside another (default: the source), every face paired; a face that prints a
// text with no translation is flagged with those texts
function editionPage(main, r) {
  var game = r.parts[1], code = r.parts[2], base = r.query.base || "";
  var summary = el("p", { cls: "untranslated" }), rows = el("div");
  main.appendChild(el("h1", { text: game + ": " + (base || "source") + " beside edition " + code }));
  main.appendChild(summary); main.appendChild(rows);
  function update() {
    return getJSON("/api/edition/" + enc(game) + "/" + enc(code) + (base ? "?base=" + enc(base) : "")).then(function (d) {
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], ["edition " + code]]);
      banner(d);
      summary.textContent = d.untranslated.length
        ? d.untranslated.length + " text(s) with no translation, printed in the source language: " + d.untranslated.join(" · ")
        : "Every text of this edition is translated.";
      summary.classList.toggle("is-changed", d.untranslated.length > 0);
      var loads = [];
      d.rows.forEach(function (row, i) {
        var pair = rows.children[i];
        if (!pair) pair = rows.appendChild(el("div", { cls: "pair" }, [el("div", { cls: "what" }), el("img", { alt: base || "source" }), el("img", { alt: code })]));
        var flagged = row.untranslated.length > 0;
        pair.firstChild.textContent = row.component + " / " + row.label + " (" + row.side + ")" +
          (flagged ? "  UNTRANSLATED: " + row.untranslated.join(" · ") : "");
        pair.classList.toggle("is-changed", flagged);
        pair.children[2].classList.toggle("changed", flagged);
        setImage(pair.children[1], row.base, loads);
        setImage(pair.children[2], row.edition, loads);
      });
      while (rows.children.length > d.rows.length) rows.removeChild(rows.lastChild);
      return finished(loads, d.version);
    });
  }
  return { update: update };
}

function dicePage(main, r) {
  var game = r.parts[1];
  var form = el("form", { cls: "dice" }, [
    el("label", { text: "seed " }), el("input", { name: "seed", value: r.query.seed || "" }),
    el("label", { text: "players " }), el("input", { name: "players", type: "number", min: "1", value: r.query.players || "" }),
    el("label", { text: "odds " }), el("input", { name: "odds", size: "24", value: r.query.odds || "" }),
    el("button", { type: "submit", text: "show" })]);
  var error = el("pre", { cls: "out", hidden: "" }), odds = el("pre", { cls: "out" }), script = el("pre", { cls: "out" });
  main.appendChild(el("h1", { text: game + ": dice" }));
  [form, error, el("h2", { text: "Odds" }), odds, el("h2", { text: "Script" }), script].forEach(function (n) { main.appendChild(n); });
  form.onsubmit = function (ev) { ev.preventDefault(); update(); };
  function update() {
    var q = ["seed", "players", "odds"].map(function (k) { return k + "=" + enc(form.elements[k].value); }).join("&");
    return getJSON("/api/dice/" + enc(game) + "?" + q).then(function (d) {
      crumbs([["games", "#/"], [game, "#/game/" + enc(game)], ["dice"]]);
      if (!form.elements.odds.value && d.example) {  // the game's own dice, not 2d6
        form.elements.odds.value = d.example;
        return update();
      }
      error.hidden = !d.error; error.textContent = d.error;
      odds.textContent = d.odds; script.textContent = d.script;
      return finished([], studio.version);
    });
  }
  return { update: update };
}

var PAGES = { game: homePage, grid: gridPage, face: facePage, print: printPage, variant: variantPage, edition: editionPage, dice: dicePage };

function show() {
  var r = route(), main = document.getElementById("main");
  main.textContent = "";
  studio.current = (PAGES[r.parts[0]] || homePage)(main, r);
  refresh();
}
// One update at a time: a change announced while the page is updating is fetched after it,
// so an older answer never overwrites a newer one.
var busy = false, again = false;
function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  studio.current.update().catch(function (err) {
    banner({ problems: [String(err.message || err)] });
  }).then(function () {
    busy = false;
    if (again) { again = false; refresh(); }
  });
}
function listen() {
  var source = new EventSource("/events"), live = document.getElementById("live");
  source.addEventListener("open", function () { live.classList.add("on"); });
  source.addEventListener("error", function () { live.classList.remove("on"); });
  source.addEventListener("change", function (ev) {
    var news = JSON.parse(ev.data), version = news.version;
    if (news.rebuilt) {
      document.getElementById("rebuilt").textContent =
        "last rebuilt " + new Date(news.rebuilt * 1000).toLocaleTimeString();
    }
    if (version === studio.version) return;
    var first = studio.version < 0;
    studio.version = version;
    if (!first) refresh();
  });
}
window.addEventListener("hashchange", show);
listen();
show();
