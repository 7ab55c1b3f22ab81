/* Kingdoms service worker: the whole site works offline after the first visit.
 *
 * The build fills in __SW_VERSION__ (a hash of every file's content), __SW_FILES__ (every site
 * file as a relative URL, precached) and __SW_WORDS__ (the languages' words packs). A new build
 * gives a new version and thus a new cache; the old one is deleted once the new worker takes
 * over. Game state lives in localStorage, never in here.
 *
 * Words packs are kept for the languages this device uses, not all: a pack is stored when the
 * page fetches it through this worker, or when the page asks (a "keep" message: its first visit
 * fetched its words before this worker controlled it), and a new version precaches the packs of
 * the languages the old version had kept. A language never used online is not offline; the page
 * says so when asked for it (kingdoms_web/words.py).
 *
 * A new version waits (no skipWaiting at install) until every page of the old one is closed, or
 * until the player taps "Reload" on the page's new-version notice (the page then posts
 * "skip-waiting"): a page that is still starting, or that later loads a lazy wheel, must keep
 * getting files of its own build, and a game in progress is never reloaded under the player.
 * Cache names carry the scope, so two copies of the site on one host never delete each other's.
 */
"use strict";

const VERSION = "__SW_VERSION__";
const FILES = __SW_FILES__;
// Absolute URLs (resolved against this worker's location, so any sub-path works).
const SCOPE = new URL("./", self.location).href;
const PREFIX = "kingdoms|" + SCOPE + "|";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("./index.html", self.location).href;
const PRECACHE = FILES.map((path) => new URL(path, self.location).href);
const WORDS = __SW_WORDS__.map((path) => new URL(path, self.location).href);

/** The language of a words pack's URL ("…/words/de.<hash>.tar.gz" → "de"), else null. */
function wordsLanguage(url) {
  const found = /\/words\/([a-z]{2,3})\.[0-9a-f]+\.tar\.gz$/.exec(url);
  return found ? found[1] : null;
}

/** Fetch ``url`` past the HTTP cache and store it in ``cache``. */
async function store(cache, url) {
  // "no-cache": revalidate with the server so a stale HTTP cache cannot poison this version.
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error("precache failed: " + url);
  // A redirected response may not answer a navigation: store a plain copy instead.
  const stored = response.redirected
    ? new Response(await response.blob(), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    })
    : response;
  await cache.put(url, stored);
}

/** Words packs being stored now, by URL: the page's "keep" message and its own fetch of the same
 * pack often arrive together on a first visit, and each used to download it. */
const keeping = new Map();

/** Store words pack ``url`` in ``cache`` once, however many ask for it meanwhile. */
function keepWords(cache, url) {
  let pending = keeping.get(url);
  if (!pending) {
    pending = store(cache, url).finally(() => keeping.delete(url));
    keeping.set(url, pending);
  }
  return pending;
}

/** This version's packs of the languages an older version of this scope had kept. */
async function wordsKeptBefore() {
  const languages = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const language = wordsLanguage(request.url);
      if (language) languages.add(language);
    }
  }
  return WORDS.filter((url) => languages.has(wordsLanguage(url)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const urls = PRECACHE.concat(await wordsKeptBefore());
    await Promise.all(urls.map((url) => store(cache, url)));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name)),
    );
    await self.clients.claim();
  })());
});

// The page asks for this when the player taps "Reload" on the new-version notice (shown only
// between turns, after the autosave): never on its own, so files never change under a game.
// "keep" stores words packs the page fetched before this worker controlled it.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "keep" && Array.isArray(event.data.urls)) {
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      for (const url of event.data.urls) {
        const absolute = new URL(String(url), self.location).href;
        if (WORDS.includes(absolute) && !(await cache.match(absolute))) {
          await keepWords(cache, absolute).catch(() => { /* offline: kept on its next fetch */ });
        }
      }
    })());
  }
});

/** The cache key for a request URL: no query string, no fragment; "./" means index.html. */
function cacheKey(url) {
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  return clean.href === SCOPE ? INDEX : clean.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // never touch other hosts
  if (!url.href.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = cacheKey(request.url);
    const hit = await cache.match(key);
    if (hit) return hit;
    if (WORDS.includes(key)) {
      // A language's words, first asked for: keep them for offline use (one download, shared
      // with a "keep" message for the same pack), then answer from the cache.
      await keepWords(cache, key).catch(() => { /* offline or failed: asked of the network */ });
      return (await cache.match(key)) || fetch(request);
    }
    if (request.mode === "navigate") {
      // An unknown page inside the site while offline: the app shell is the best answer.
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await cache.match(INDEX);
        if (shell) return shell;
        throw error;
      }
    }
    return fetch(request);
  })());
});
