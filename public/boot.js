/* Kingdoms boot script: the page's hand-written JavaScript (with journal.js, the save journal).
 *
 * It does just what must happen before Python runs, or without it:
 *  1. show loading progress while the Python runtime (~15 MB) downloads and starts,
 *  2. if start-up fails, say whether the network or the data stored on this device is the cause,
 *     with "Try again" and, for stored data, "Export what can be read, then reset" (a rescue file
 *     of every kingdoms.* value, as text; the page's Import reads it back),
 *  3. register the service worker once the app is up (so offline reloads work), and tell the app
 *     when the site is cached ("ready to play offline") or a new version waits; the new worker
 *     takes over only when the player taps "Reload" (applyUpdate), never under a running game,
 *  4. keep the browser's install prompt for the Settings dialog,
 *  5. keep the style sheets in step with the window when it is resized or turned, and resolve
 *     them anew once a service worker may have started (two WebKit quirks, below),
 *  6. give the Python page two DOM helpers (window.kingdomsDom: patch, element) that do in one
 *     call what Python would do in one call per child or attribute (kingdoms_web/dom.py).
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
      network: "Kingdoms could not load its files. Check your connection and try again.",
      rescueStorage: "Your saved games may still be readable: export them to a file, then reset Kingdoms on this device. The page's Import reads the file back.",
      rescueApp: "If this keeps happening, the data Kingdoms stored on this device may be the cause: export it to a file, then reset.",
      exportThenReset: "Export what can be read, then reset",
      resetConfirm: "The file is in your downloads. Resetting deletes everything Kingdoms stored on this device.",
      reset: "Reset and restart",
      description: "Two board games, Dice Realm and Burgrave, for one table. Runs in your browser, offline."
    },
    es: {
      starting: "Iniciando Kingdoms…", engine: "Cargando el motor del juego…",
      rules: "Cargando las reglas…", slow: " (está tardando más de lo normal)",
      generic: "Kingdoms no ha podido arrancar. Comprueba tu conexión y vuelve a intentarlo.",
      failed: "Kingdoms no ha podido arrancar.",
      stopped: "la aplicación se detuvo antes de su primera pantalla",
      script: "no se pudo cargar ", retry: "Reintentar", loading: "Cargando",
      network: "Kingdoms no ha podido cargar sus archivos. Comprueba tu conexión y vuelve a intentarlo.",
      rescueStorage: "Es posible que tus partidas guardadas aún se puedan leer: expórtalas a un archivo y después restablece Kingdoms en este dispositivo. La opción Importar de la página vuelve a leer el archivo.",
      rescueApp: "Si esto se repite, la causa pueden ser los datos que Kingdoms guardó en este dispositivo: expórtalos a un archivo y después restablece.",
      exportThenReset: "Exportar lo que se pueda leer y restablecer",
      resetConfirm: "El archivo está en tus descargas. Restablecer borra todo lo que Kingdoms guardó en este dispositivo.",
      reset: "Restablecer y reiniciar",
      description: "Dos juegos de mesa, Reino de Dados y El Burgrave, para una sola mesa. Funciona en tu navegador, sin conexión."
    },
    de: {
      starting: "Kingdoms startet…", engine: "Spiel-Engine wird geladen…",
      rules: "Regeln werden geladen…", slow: " (das dauert länger als üblich)",
      generic: "Kingdoms konnte nicht starten. Prüfe deine Verbindung und versuche es erneut.",
      failed: "Kingdoms konnte nicht starten.",
      stopped: "die App hat vor ihrem ersten Bildschirm angehalten",
      script: "konnte nicht laden: ", retry: "Erneut versuchen", loading: "Wird geladen",
      network: "Kingdoms konnte seine Dateien nicht laden. Prüfe deine Verbindung und versuche es erneut.",
      rescueStorage: "Deine gespeicherten Partien sind vielleicht noch lesbar: Exportiere sie in eine Datei und setze Kingdoms dann auf diesem Gerät zurück. Mit „Importieren“ liest die Seite die Datei wieder ein.",
      rescueApp: "Wenn das wieder passiert, können die von Kingdoms auf diesem Gerät gespeicherten Daten die Ursache sein: Exportiere sie in eine Datei und setze dann zurück.",
      exportThenReset: "Lesbares exportieren, dann zurücksetzen",
      resetConfirm: "Die Datei liegt in deinen Downloads. Zurücksetzen löscht alles, was Kingdoms auf diesem Gerät gespeichert hat.",
      reset: "Zurücksetzen und neu starten",
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

  /* The languages' words packs ({"de": "words/de.<hash>.tar.gz", ...}, filled in by the build):
   * the app's catalogs, one language each (kingdoms_web/words.py unpacks them). The chosen
   * language's pack is fetched now, alongside the runtime, rather than after Python starts. */
  var WORD_PACKS = "__WORD_PACKS__";
  var wordsFetched = {}; // language -> promise of its pack's bytes (a Uint8Array)
  var wordsKept = []; // packs fetched, for the service worker to keep ("keep" message)

  function fetchWords(code) {
    if (typeof WORD_PACKS !== "object" || !WORD_PACKS.hasOwnProperty(code)) {
      return Promise.reject(new Error("no words for " + code));
    }
    if (!wordsFetched[code]) {
      var url = "./" + WORD_PACKS[code];
      // Not watched (watchFetch): a language that cannot be had is the app's to explain.
      wordsFetched[code] = nativeFetchOf(url).then(function (response) {
        if (!response.ok) throw new Error(url + " (" + response.status + ")");
        return response.arrayBuffer();
      }).then(function (buffer) {
        wordsKept.push(url);
        keepWords();
        return new Uint8Array(buffer);
      });
      wordsFetched[code].catch(function () { delete wordsFetched[code]; });
    }
    return wordsFetched[code];
  }

  function nativeFetchOf(url) {
    return (nativeFetch || window.fetch).call(window, url);
  }

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
    if (!nativeFetch) return;
    // Not watched (watchFetch): without it the bar only guesses a little worse.
    nativeFetch.call(window, "./build-info.json", { cache: "no-cache" })
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

  /* kind: "network" (files could not be loaded), "storage" (the data stored on this device
   * stopped the app) or "app" (anything else: stored data may still be the cause, so the rescue
   * is offered there too). */
  function fail(message, detail, kind) {
    if (ready || failed) return;
    failed = true;
    kind = kind || classify(message + " " + (detail || ""));
    if (timer) clearInterval(timer);
    var show = function () {
      var error = $("boot-error"), retry = $("boot-retry"), status = $("boot-status");
      var progress = $("boot-progress");
      if (!error) return;
      if (progress) progress.hidden = true;
      var prerendered = document.querySelectorAll("[data-prerendered]");
      for (var i = 0; i < prerendered.length; i++) prerendered[i].remove();
      var boot = $("boot");
      if (boot) boot.classList.remove("boot-compact");
      error.textContent = message;
      error.setAttribute("data-kind", kind);
      if (detail && message.indexOf(String(detail)) < 0) {
        var small = document.createElement("small");
        small.textContent = " (" + String(detail).slice(0, 300) + ")";
        error.appendChild(small);
      }
      error.hidden = false;
      if (status) status.textContent = "";
      if (kind !== "network") showRescue(kind);
      if (retry) {
        retry.hidden = false;
        retry.onclick = function () { location.reload(); };
        retry.focus();
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
    else show();
  }

  var NETWORK = words.network;
  var GENERIC = words.failed;

  function classify(text) {
    if (/storage|quota|indexeddb/i.test(text)) return "storage";
    if (navigator.onLine === false) return "network";
    if (/failed to fetch|networkerror|network error|load failed|could not load|importing a module|net::|status 404|err_/i.test(text)) {
      return "network";
    }
    return "app";
  }

  function describe(reason) {
    if (!reason) return "";
    if (reason.message) return reason.message;
    return String(reason);
  }

  window.addEventListener("error", function (event) {
    if (ready) return;
    var target = event.target;
    if (target && target !== window && (target.tagName === "SCRIPT" || target.tagName === "LINK")) {
      fail(NETWORK, words.script + (target.src || target.href || "?"), "network");
    } else if (target === window || !target || !target.tagName) {
      var text = describe(event.error) || event.message;
      fail(classify(text) === "network" ? NETWORK : GENERIC, text);
    }
  }, true);

  /* Pyodide swallows a failed start of its WebAssembly runtime: it logs "wasm instantiation
   * failed!" and waits for ever, so a download that broke after compiling began (or arrived
   * damaged) would leave the bar creeping. Watch the instantiation itself. A fetch that failed
   * or a module that does not compile means the file did not arrive whole: the network. */
  function watchWebAssembly() {
    var wasm = window.WebAssembly;
    if (!wasm) return;
    ["instantiateStreaming", "instantiate"].forEach(function (name) {
      var original = wasm[name];
      if (typeof original !== "function") return;
      wasm[name] = function () {
        return original.apply(wasm, arguments).catch(function (error) {
          var text = describe(error);
          if (error instanceof wasm.CompileError || classify(text) === "network") {
            fail(NETWORK, words.script + "WebAssembly (" + text + ")", "network");
          } else {
            fail(GENERIC, text);
          }
          throw error;
        });
      };
    });
  }
  watchWebAssembly();

  /* Every file the start-up fetches is the site's own. One that cannot be fetched (the request
   * failed, or the server answered 404 or 5xx) is the network's fault, and Pyodide reports some
   * of these and swallows others (a wheel it could not load leaves Python without the app; a
   * config PyScript could not load stops it without a word), so watch them until ready. */
  var nativeFetch = typeof window.fetch === "function" ? window.fetch : null;
  function watchFetch() {
    if (!nativeFetch) return;
    window.fetch = function (input) {
      var promise = nativeFetch.apply(window, arguments);
      var url = typeof Request !== "undefined" && input instanceof Request ? input.url
                                                                          : String(input);
      var path = ready ? null : relative(url);
      if (path === null) return promise;
      return promise.then(function (response) {
        if (!response.ok) fail(NETWORK, words.script + path + " (" + response.status + ")", "network");
        return response;
      }, function (error) {
        fail(NETWORK, words.script + path + " (" + describe(error) + ")", "network");
        throw error;
      });
    };
  }
  watchFetch();

  window.addEventListener("unhandledrejection", function (event) {
    if (ready) return;
    var text = describe(event.reason);
    fail(classify(text) === "network" ? NETWORK : GENERIC, text);
  });

  // ---------------------------------------------------------------- rescue: export, then reset

  function storedItems() {
    var items = {};
    try {
      var storage = window.localStorage;
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (key && key.indexOf("kingdoms.") === 0) items[key] = storage.getItem(key);
      }
    } catch (e) { /* blocked storage: nothing to read */ }
    return items;
  }

  function rescueFile() {
    var journal = window.kingdomsJournal;
    var fromJournal = journal ? journal.entries() : Promise.resolve([]);
    return fromJournal.then(function (entries) {
      var items = storedItems();
      (entries || []).forEach(function (entry) {
        if (entry && typeof entry.value === "string" && typeof entry.key === "string") {
          items[items[entry.key] === undefined ? entry.key : entry.key + "#journal"] = entry.value;
        }
      });
      return JSON.stringify({ format: "kingdoms-rescue", version: 1, exported: Date.now(),
                              items: items }, null, 1);
    });
  }

  function download(text, name) {
    var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  function resetStorage() {
    var keys = Object.keys(storedItems());
    keys.forEach(function (key) {
      try { window.localStorage.removeItem(key); } catch (e) { /* nothing more to do */ }
    });
    var journal = window.kingdomsJournal;
    return (journal ? journal.reset() : Promise.resolve(true)).catch(function () { return false; });
  }

  function showRescue(kind) {
    var box = $("boot-rescue"), text = $("boot-rescue-text"), exportButton = $("boot-export");
    var confirm = $("boot-reset-confirm"), reset = $("boot-reset");
    if (!box || !exportButton || !reset) return;
    if (text) {
      text.textContent = kind === "storage" ? words.rescueStorage : words.rescueApp;
    }
    exportButton.textContent = words.exportThenReset;
    reset.textContent = words.reset;
    if (confirm) confirm.textContent = words.resetConfirm;
    box.hidden = false;
    exportButton.onclick = function () {
      rescueFile().then(function (file) {
        download(file, "kingdoms-rescue-" + new Date().toISOString().slice(0, 10) + ".json");
        if (confirm) confirm.hidden = false;
        reset.hidden = false;
        reset.focus();
      });
    };
    reset.onclick = function () {
      resetStorage().then(function () { location.reload(); });
    };
  }

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
          if (entry.workerStart > 0) restyleAfterWorker(); // fetched through the worker
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

  // ---------------------------------------------------------------- service worker, install

  var flags = { updateWaiting: false, offlineReady: false, canInstall: false };
  var waitingWorker = null;
  var installPrompt = null;
  var reloading = false;
  var registration = null;
  var lastCheck = Date.now();

  function tell(kind) {
    document.dispatchEvent(new CustomEvent("kingdoms:sw", { detail: kind }));
  }

  function updateWaiting(worker) {
    waitingWorker = worker;
    flags.updateWaiting = true;
    tell("update");
  }

  function watchInstalling(worker) {
    if (!worker) return;
    var wasControlled = !!navigator.serviceWorker.controller;
    worker.addEventListener("statechange", function () {
      restyleAfterWorker();
      if (worker.state === "installed") {
        if (wasControlled || navigator.serviceWorker.controller) updateWaiting(worker);
      } else if (worker.state === "activated" && !wasControlled) {
        flags.offlineReady = true; // the first version is cached: offline from now on
        keepWords();
        tell("offline");
      }
    });
  }

  /* Ask the active service worker to keep the words packs this page fetched (those fetched
   * before it controlled the page went past it). Later fetches pass through it and are kept. */
  function keepWords() {
    if (!wordsKept.length || !("serviceWorker" in navigator) || !registration
        || !registration.active) return;
    registration.active.postMessage({ type: "keep", urls: wordsKept.slice() });
    restyleAfterWorker();
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      restyleAfterWorker();
      if (reloading) location.reload();
    });
    navigator.serviceWorker.register("./sw.js", { scope: "./" }).then(function (reg) {
      registration = reg;
      restyleAfterWorker();
      keepWords();
      if (reg.waiting && navigator.serviceWorker.controller) updateWaiting(reg.waiting);
      if (reg.installing) watchInstalling(reg.installing);
      reg.addEventListener("updatefound", function () { watchInstalling(reg.installing); });
    }).catch(function (error) {
      console.warn("Kingdoms: offline support unavailable:", error);
    });
    // Look for a new version when the player comes back to the page (at most every 10 min).
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && registration
          && Date.now() - lastCheck > 600000) {
        lastCheck = Date.now();
        registration.update().catch(function () { /* offline: next time */ });
      }
    });
  }

  /* The new version takes over only now, when the player asked (the app shows the notice only
   * between turns, after the autosave): the reload then resumes the saved game. */
  function applyUpdate() {
    if (!waitingWorker) { location.reload(); return true; }
    reloading = true;
    waitingWorker.postMessage({ type: "skip-waiting" });
    setTimeout(function () { location.reload(); }, 3000); // in case controllerchange never comes
    return true;
  }

  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault(); // offered in Settings rather than as a banner over a game
    installPrompt = event;
    flags.canInstall = true;
  });
  window.addEventListener("appinstalled", function () {
    installPrompt = null;
    flags.canInstall = false;
  });

  function promptInstall() {
    if (!installPrompt) return false;
    var prompt = installPrompt;
    installPrompt = null;
    flags.canInstall = false;
    prompt.prompt();
    return true;
  }

  var sizeProbe = document.createElement("style");
  var restyles = 0;

  /* Make the browser resolve every style anew: take the probe sheet away and back. */
  function restyle() {
    restyles += 1;
    var rootStyle = getComputedStyle(document.documentElement);
    sizeProbe.disabled = true;
    rootStyle.getPropertyValue("--kingdoms-size-probe");
    sizeProbe.disabled = false;
    rootStyle.getPropertyValue("--kingdoms-size-probe");
  }

  /* WebKit evaluates the style sheets' media queries again only at some rendering update after
   * a resize (about 200 ms later), and now and then not at all: a Burgrave table turned from
   * landscape to a phone's width kept the side-panel grid, 536 px wide in a 390 px window, for
   * as long as it was watched (WebKitGTK 2.50; docs/architecture.md, "Every engine a table
   * has"). matchMedia always answers for the present size, so a probe sheet written for the
   * size it was written at tells: after a resize, if it still applies although matchMedia says
   * it no longer does, the sheets are stale, and taking one sheet away and back makes WebKit
   * evaluate them all. Chromium and Firefox never get there; WebKit's delayed case gets there
   * too, and is then drawn right a few frames sooner. */
  function keepStylesWithTheWindow() {
    var query = "";
    var rootStyle = getComputedStyle(document.documentElement);
    function probed() {
      return rootStyle.getPropertyValue("--kingdoms-size-probe").trim() === "1";
    }
    function write() {
      var sized = "(width: " + innerWidth + "px) and (height: " + innerHeight + "px)";
      // iOS Safari's innerHeight follows its toolbar, not the media queries' height
      query = matchMedia(sized).matches ? sized : "(width: " + innerWidth + "px)";
      sizeProbe.textContent = "@media " + query + " { :root { --kingdoms-size-probe: 1; } }";
      probed(); // resolved now, while it applies
    }
    var pending = false;
    function check() {
      pending = false;
      if (probed() && !matchMedia(query).matches) restyle();
      write();
    }
    document.head.appendChild(sizeProbe);
    write();
    window.addEventListener("resize", function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(check);
    });
  }

  /* WebKit (WebKitGTK 2.50, measured; docs/burgrave.md, "Speed") empties the cache of fonts it
   * shares between the pages of a process whenever it starts a service worker there (in its
   * source, the worker's own page setting its font families does that), but the page keeps the
   * styles it has already resolved, and they hold the fonts from before. From then on, an
   * element whose style is resolved again (a class or attribute set by a tap) gets a font equal
   * to its old one but not the same object, so WebKit takes it for a new font and lays out
   * again every line of text beneath it: mid-game, setting the board's column to the width it
   * already had cost 20-26 ms instead of 0, every time, for the rest of the visit. The first
   * visit always got there: the worker registers and starts once the home screen is up. So
   * once a worker may have started (a step of its life, a message to it, a file fetched
   * through it) and things are quiet, every style is resolved anew, once; a start before the
   * page loaded (any later visit) does no harm. Other engines keep their fonts and just
   * resolve the styles once more. */
  var restyleTimer = 0;
  function restyleAfterWorker() {
    if (restyleTimer) clearTimeout(restyleTimer);
    restyleTimer = setTimeout(function () {
      restyleTimer = 0;
      requestAnimationFrame(restyle);
    }, 300);
  }

  /* dom.patch's work in one call from Python: make parent's children exactly `wanted` (nodes,
   * or strings made text nodes; null skipped), leaving each one already in its place alone and
   * never moving one wanted further on (the new ones go in before it). kingdoms_web/dom.py has
   * the same in Python, for CPython and as the rule; done there, every child costs several
   * calls from WebAssembly into JavaScript, which in JavaScriptCore cost about four times what
   * they do in V8 (docs/architecture.md, "The page"). */
  function patchChildren(parent, wanted) {
    var want = [];
    for (var i = 0; i < wanted.length; i++) {
      var child = wanted[i];
      if (child === null || child === undefined) continue;
      want.push(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    var later = new Set(want);
    var nodes = parent.childNodes; // live: it follows the changes made below
    for (var index = 0; index < want.length; index++) {
      later.delete(want[index]);
      for (;;) {
        var current = nodes[index];
        if (!current) { parent.appendChild(want[index]); break; }
        if (current === want[index]) break;
        if (later.has(current)) { parent.insertBefore(want[index], current); break; }
        current.remove(); // not drawn any more
      }
    }
    while (nodes.length > want.length) nodes[want.length].remove();
    return parent;
  }
  /* dom.el's work in one call: <tag> with a class, a data-testid, `pairs` attributes (name,
   * value; true: present and empty, false or null: absent) then children (nodes, or strings
   * made text nodes; null skipped), all as arguments (a list would cross as a proxy). */
  function makeElement(tag, cls, testid, pairs) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (testid) node.setAttribute("data-testid", testid);
    var at = 4;
    for (var i = 0; i < pairs; i++, at += 2) {
      var name = arguments[at], value = arguments[at + 1];
      if (value === null || value === undefined || value === false) node.removeAttribute(name);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (; at < arguments.length; at++) {
      var child = arguments[at];
      if (child === null || child === undefined) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  window.kingdomsDom = { patch: patchChildren, element: makeElement };

  /* The home screen pre-rendered at build time (kingdoms_web/shell/prerender.py), one copy per
   * language: show the visitor's (unless the address opens something else), keep the loader as
   * a slim bar, and hold a tap or typed share code until the live screen replaces it. */
  var heldTap = null, typedCode = null;

  function showPrerendered() {
    var copies = document.querySelectorAll("[data-prerendered]");
    var home = document.querySelector('[data-prerendered="' + lang + '"]');
    var hash = location.hash.replace(/^#/, "");
    var opensSomething = /(^|&)(g|rules)=/.test(hash);
    for (var i = 0; i < copies.length; i++) {
      if (copies[i] !== home || opensSomething || failed) copies[i].remove();
    }
    if (!home || opensSomething || failed) return;
    home.hidden = false;
    var boot = $("boot");
    if (boot) boot.classList.add("boot-compact");
    home.addEventListener("click", function (event) {
      var control = event.target.closest && event.target.closest("button, [role=button], a");
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      var previous = home.querySelector(".is-waiting");
      if (previous) { previous.classList.remove("is-waiting"); previous.removeAttribute("aria-busy"); }
      heldTap = control.getAttribute("data-testid");
      control.classList.add("is-waiting");
      control.setAttribute("aria-busy", "true");
    }, true);
    home.addEventListener("submit", function (event) {
      event.preventDefault();
      heldTap = "code-submit";
    }, true);
    home.addEventListener("input", function (event) {
      if (event.target.getAttribute("data-testid") === "code-input") typedCode = event.target.value;
    }, true);
  }

  function replayHeld() {
    var prerendered = document.querySelectorAll("[data-prerendered]");
    for (var i = 0; i < prerendered.length; i++) prerendered[i].remove();
    if (typedCode !== null) {
      var field = document.querySelector('[data-testid="code-input"]');
      if (field) {
        field.value = typedCode;
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    if (heldTap) {
      var target = document.querySelector('[data-testid="' + heldTap + '"]');
      if (target && !target.disabled) target.click();
    }
    heldTap = typedCode = null;
  }

  function onReady() {
    if (ready) return;
    ready = true;
    replayHeld();
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
    keepStylesWithTheWindow();
    translateStatic();
    watchReady();
    paint();
    timer = setInterval(paint, 200);
  });

  loadBuildInfo();
  fetchWords(lang).catch(function () { /* the app falls back to English and says why */ });

  // For the Python app: report a start-up failure on this screen.
  window.kingdomsBoot = {
    fail: function (message, detail, kind) {
      fail(String(message), detail ? String(detail) : "", kind ? String(kind) : "");
    },
    failNetwork: function (detail) {
      fail(NETWORK, words.script + String(detail), "network");
    },
    words: fetchWords,
    isReady: function () { return ready; },
    restyles: function () { return restyles; }, // how often every style was resolved anew
    showPrerendered: showPrerendered,
    flag: function (name) { return !!flags[name]; },
    applyUpdate: applyUpdate,
    promptInstall: promptInstall,
    checkForUpdate: function () {
      return registration ? registration.update().then(function () { return true; })
        : Promise.resolve(false);
    }
  };
})();
