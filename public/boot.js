/* Kingdoms boot script: the only hand-written JavaScript on the page.
 *
 * It does just what must happen before Python runs:
 *  1. show loading progress while the Python runtime (~15 MB) downloads and starts,
 *  2. show a clear error with a retry button if start-up fails,
 *  3. register the service worker once the app is up (so offline reloads work).
 * Everything else is Python (web/kingdoms_web). The app sets body[data-ready="home"] when its
 * first screen is shown; that ends the loading screen.
 *
 * Progress is an estimate: completed downloads (PerformanceObserver "resource" entries) weighed
 * by their sizes (from build-info.json, written by the build; built-in guesses otherwise), plus
 * PyScript's py:ready event, plus a slow creep so the bar never looks frozen.
 *
 * Words: the loading screen shows before Python (and its catalogs) exists, so its few sentences
 * are here in every language the app offers (kingdoms_web/i18n.py LANGUAGE_NAMES), chosen like
 * the app chooses: the stored setting, else the browser's first supported language. The same
 * choice sets <html lang> and points the manifest link at manifest.<lang>.webmanifest.
 */
(function () {
  "use strict";

  var WORDS = {
    en: {
      starting: "Starting Kingdoms…", engine: "Loading the game engine…",
      rules: "Loading the rules…", slow: " (this is taking longer than usual)",
      generic: "Kingdoms could not start. Check your connection and try again.",
      failed: "Kingdoms could not start.", stopped: "the app stopped before its first screen",
      script: "could not load ", retry: "Try again", loading: "Loading",
      description: "Two board games, Dice Realm and Burgrave, for one table. Runs in your browser, offline."
    },
    es: {
      starting: "Iniciando Kingdoms…", engine: "Cargando el motor del juego…",
      rules: "Cargando las reglas…", slow: " (está tardando más de lo normal)",
      generic: "Kingdoms no ha podido arrancar. Comprueba tu conexión y vuelve a intentarlo.",
      failed: "Kingdoms no ha podido arrancar.",
      stopped: "la aplicación se detuvo antes de su primera pantalla",
      script: "no se pudo cargar ", retry: "Reintentar", loading: "Cargando",
      description: "Dos juegos de mesa, Reino de Dados y El Burgrave, para una sola mesa. Funciona en tu navegador, sin conexión."
    },
    de: {
      starting: "Kingdoms startet…", engine: "Spiel-Engine wird geladen…",
      rules: "Regeln werden geladen…", slow: " (das dauert länger als üblich)",
      generic: "Kingdoms konnte nicht starten. Prüfe deine Verbindung und versuche es erneut.",
      failed: "Kingdoms konnte nicht starten.",
      stopped: "die App hat vor ihrem ersten Bildschirm angehalten",
      script: "konnte nicht laden: ", retry: "Erneut versuchen", loading: "Wird geladen",
      description: "Zwei Brettspiele, Würfelreich und Der Burggraf, für einen Tisch. Läuft offline im Browser."
    }
  };

  function supported(code) {
    if (typeof code !== "string" || !code) return null;
    code = code.trim().toLowerCase().replace("_", "-");
    if (WORDS.hasOwnProperty(code)) return code;
    var base = code.split("-")[0];
    return WORDS.hasOwnProperty(base) ? base : null;
  }

  function pickLanguage() {
    try {
      var stored = JSON.parse(localStorage.getItem("kingdoms.v1.settings") || "null");
      var chosen = stored && supported(stored.language);
      if (chosen) return chosen;
    } catch (e) { /* no storage: the browser decides */ }
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var found = supported(wanted[i]);
      if (found) return found;
    }
    return "en";
  }

  var lang = pickLanguage();
  var words = WORDS[lang];
  document.documentElement.lang = lang;

  function translateStatic() {
    var meta = document.querySelector('meta[name="description"]');
    if (meta) meta.setAttribute("content", words.description);
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest && lang !== "en") manifest.setAttribute("href", "./manifest." + lang + ".webmanifest");
    var progress = $("boot-progress"), retry = $("boot-retry"), status = $("boot-status");
    if (progress) progress.setAttribute("aria-label", words.loading);
    if (retry) retry.textContent = words.retry;
    if (status && !failed) status.textContent = words.loading + "…";
  }

  var started = Date.now();
  var ready = false;
  var failed = false;
  var pyReady = false;
  var shown = 0; // percent on screen, never goes down
  var timer = null;

  // Fallback sizes (bytes) of the big files, matched by file-name prefix.
  var expected = {
    "pyodide/pyodide.asm.wasm": 9600000,
    "pyodide/python_stdlib.zip": 2500000,
    "pyodide/pyodide.asm.mjs": 1250000,
    "pyodide/pydantic_core": 1500000,
    "pyodide/pydantic-": 450000,
    "pyodide/pyodide.mjs": 15000,
    "pyodide/pyodide-lock.json": 10000,
    "pyodide/kingdoms": 60000,
    "pyodide/kingdoms_web": 30000,
    "pyscript/core.js": 100000
  };
  var seen = {}; // site-relative paths of finished downloads
  var firstStart = null; // performance.now() time the first tracked download started
  var lastEnd = 0; // ... and the latest one finished

  var base = new URL("./", document.baseURI).pathname;

  function relative(url) {
    try {
      var u = new URL(url, document.baseURI);
      if (u.origin !== location.origin) return null;
      var p = u.pathname;
      return p.indexOf(base) === 0 ? p.slice(base.length) : null;
    } catch (e) {
      return null;
    }
  }

  function isDone(key) {
    if (seen[key]) return true;
    for (var path in seen) {
      if (seen.hasOwnProperty(path) && path.indexOf(key) === 0) return true;
    }
    return false;
  }

  function loadBuildInfo() {
    if (!window.fetch) return;
    fetch("./build-info.json", { cache: "no-cache" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (info) {
        if (!info || typeof info.sizes !== "object") return;
        var sizes = {};
        for (var name in info.sizes) {
          if (!info.sizes.hasOwnProperty(name)) continue;
          var isRuntime = name.indexOf("pyodide/") === 0 && !/\.(d\.ts|map)$/.test(name);
          if (isRuntime || name === "pyscript/core.js") sizes[name] = Number(info.sizes[name]) || 0;
        }
        if (Object.keys(sizes).length) expected = sizes;
      })
      .catch(function () { /* keep the guesses */ });
  }

  function sum(keys) {
    var total = 0;
    for (var i = 0; i < keys.length; i++) total += expected[keys[i]] || 0;
    return total;
  }

  function computed() {
    var all = Object.keys(expected);
    var total = sum(all), got = sum(all.filter(isDone));
    // Files still downloading report nothing until they finish, so guess their progress from
    // the speed seen so far (bytes done / time spent), capped below "finished".
    if (firstStart !== null && lastEnd > firstStart && got < total) {
      var speed = got / (lastEnd - firstStart);
      var guess = speed * (performance.now() - lastEnd);
      got += Math.min(guess, (total - got) * 0.9);
    }
    var fraction = total ? got / total : 0;
    var percent = Math.floor(88 * fraction);
    if (pyReady) percent = Math.max(percent, 94);
    return percent;
  }

  function stage() {
    if (pyReady) return words.starting;
    var runtime = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs"];
    for (var i = 0; i < runtime.length; i++) {
      if (expected[runtime[i]] && !isDone(runtime[i])) return words.engine;
    }
    return words.rules;
  }

  function $(id) { return document.getElementById(id); }

  function paint() {
    if (failed) return;
    var target = computed();
    // Creep towards a little past what is confirmed, so a slow download still shows movement.
    var cap = Math.min(97, target + 9);
    if (shown < target) shown = target;
    else if (shown < cap) shown = Math.min(cap, shown + Math.max(0.15, (cap - shown) * 0.04));
    if (ready) shown = 100;
    var value = Math.floor(shown);
    var bar = $("boot-bar"), status = $("boot-status"), progress = $("boot-progress");
    if (bar) bar.style.width = value + "%";
    if (progress) progress.setAttribute("aria-valuenow", String(value));
    if (status) {
      var text = stage() + " " + value + "%";
      if (Date.now() - started > 45000) text += words.slow;
      status.textContent = text;
    }
  }

  function fail(message, detail) {
    if (ready || failed) return;
    failed = true;
    if (timer) clearInterval(timer);
    var show = function () {
      var error = $("boot-error"), retry = $("boot-retry"), status = $("boot-status");
      var progress = $("boot-progress");
      if (!error) return;
      if (progress) progress.hidden = true;
      error.textContent = message;
      if (detail) {
        var small = document.createElement("small");
        small.textContent = " (" + String(detail).slice(0, 300) + ")";
        error.appendChild(small);
      }
      error.hidden = false;
      if (status) status.textContent = "";
      if (retry) {
        retry.hidden = false;
        retry.onclick = function () { location.reload(); };
        retry.focus();
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
    else show();
  }

  var GENERIC = words.generic;

  function describe(reason) {
    if (!reason) return "";
    if (reason.message) return reason.message;
    return String(reason);
  }

  window.addEventListener("error", function (event) {
    if (ready) return;
    var target = event.target;
    if (target && target !== window && target.tagName === "SCRIPT") {
      fail(GENERIC, words.script + (target.src || "?"));
    } else if (target === window || !target || !target.tagName) {
      fail(GENERIC, describe(event.error) || event.message);
    }
  }, true);

  window.addEventListener("unhandledrejection", function (event) {
    if (!ready) fail(GENERIC, describe(event.reason));
  });

  // PyScript events bubble from its <script type="py"> element.
  document.addEventListener("py:ready", function () { pyReady = true; paint(); }, true);
  function finished() {
    // main.py has run; if the app did not report ready, it failed without throwing to JS.
    setTimeout(function () {
      if (!ready) fail(words.failed, words.stopped);
    }, 1500);
  }
  document.addEventListener("py:done", finished, true);

  if (window.PerformanceObserver) {
    try {
      if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(1000);
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var path = relative(entry.name);
          if (!path) return;
          seen[path] = true;
          if (/^(pyodide|pyscript)\//.test(path)) {
            if (firstStart === null || entry.startTime < firstStart) firstStart = entry.startTime;
            if (entry.responseEnd > lastEnd) lastEnd = entry.responseEnd;
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* progress falls back to the creep */ }
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch(function (error) {
      console.warn("Kingdoms: offline support unavailable:", error);
    });
  }

  function onReady() {
    if (ready) return;
    ready = true;
    paint();
    if (timer) clearInterval(timer);
    // Let the first screen settle before the worker starts precaching in the background.
    setTimeout(registerServiceWorker, 1000);
  }

  function watchReady() {
    if (document.body.dataset.ready) { onReady(); return; }
    new MutationObserver(function (_m, observer) {
      if (document.body.dataset.ready) { observer.disconnect(); onReady(); }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  document.addEventListener("DOMContentLoaded", function () {
    translateStatic();
    watchReady();
    paint();
    timer = setInterval(paint, 200);
  });

  loadBuildInfo();

  // For the Python app: report a start-up failure on this screen.
  window.kingdomsBoot = {
    fail: function (message) { fail(String(message)); },
    isReady: function () { return ready; }
  };
})();
