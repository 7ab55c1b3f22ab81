/* Kingdoms save journal: what makes localStorage saves survive a killed browser.
 *
 * localStorage stays the store (the page reads and writes it synchronously), but Chromium writes
 * it to disk lazily, seconds after setItem: a browser killed (or a tab discarded by a phone) in
 * that window loses the last moves. So every save the page writes is also put here, in
 * IndexedDB, in a transaction with durability "strict" (it completes only once the data is on
 * disk). At the next start, before Python reads anything, `replay()` copies every journal entry
 * that is newer than what localStorage holds back into localStorage.
 *
 * Rules, so the journal can never do harm:
 *  - only keys of single saves ("kingdoms.v3.save.<id>") are journalled and replayed;
 *  - an entry is copied only when it is newer: a higher `rev` (each save counts its writes), or
 *    the same rev and a later `updated` time; an older entry never overwrites a newer save;
 *  - a stored value this script cannot read (damaged, too large, foreign) is never overwritten:
 *    the page reports it;
 *  - a deleted save leaves a tombstone (its key and last rev), so a deletion that localStorage had
 *    not yet written to disk is not undone by an older journal entry; tombstones are forgotten
 *    after 30 days;
 *  - a save localStorage could not take (storage full, the 500-save limit) is kept here as
 *    `held` (the overflow): it is never replayed blindly; the page reads it (`entries()`), lists
 *    it and writes it into localStorage as soon as there is room;
 *  - nothing here throws or waits for long: `ready` and `state` resolve within 3 s whatever
 *    happens; a browser without IndexedDB has no journal, and `state` says "off" so the page
 *    can say that crash protection is off.
 *
 *  - every save the replay wrote over is listed in `replaced` (key, previous, restored): the
 *    page keeps a restored copy only if it is a valid record of the same game, and otherwise
 *    puts the previous value back, sets the copy aside (for export) and `forget`s the entry;
 *  - a deletion's tombstone names the game it deleted (its creation time) and removes nothing
 *    else.
 *
 * API (window.kingdomsJournal): put(key, value, rev, updated, held),
 * drop(key, rev, updated, created), ready (a promise of the number of saves restored), state (a
 * promise of "on" or "off"), replaced (what the replay wrote over), entries() (every entry),
 * forget(key), settled() (a promise that every write so far has finished), reset() (delete the
 * journal: used by "export, then reset").
 */
(function () {
  "use strict";

  var DB_NAME = "kingdoms-journal";
  var STORE = "saves";
  var PREFIX = "kingdoms.v3.save.";
  var MAX_VALUE = 1 << 20; // the page's own cap on one stored value
  var TOMBSTONE_MS = 30 * 24 * 3600 * 1000;
  var READY_TIMEOUT_MS = 3000;

  var dbPromise = null;
  var pending = [];
  var replaced = [];

  /* Open the journal, repairing what a foreign or damaged database lacks: it is opened at
   * whatever version it has (a later version never locks the journal out), and a database
   * without our store gets one in a version upgrade. Only when that fails too is it deleted and
   * made anew; when even that fails the journal is off, and `state` says so (the page tells the
   * player that crash protection is off, never silently). */
  function openAt(version, resolve, retried) {
    var request;
    try {
      request = version ? window.indexedDB.open(DB_NAME, version) : window.indexedDB.open(DB_NAME);
    } catch (e) {
      resolve(null);
      return;
    }
    request.onupgradeneeded = function () {
      var db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "key" });
    };
    request.onsuccess = function () {
      var db = request.result;
      if (!db.objectStoreNames.contains(STORE)) { // a database of the same name, not ours
        var next = db.version + 1;
        db.close();
        if (retried) { resolve(null); return; }
        openAt(next, resolve, true);
        return;
      }
      db.onversionchange = function () { db.close(); dbPromise = null; };
      resolve(db);
    };
    request.onerror = function () {
      if (retried) { resolve(null); return; }
      try { // damaged beyond opening: replaced (what it held could not be read anyway)
        var gone = window.indexedDB.deleteDatabase(DB_NAME);
        gone.onsuccess = function () { openAt(0, resolve, true); };
        gone.onerror = function () { resolve(null); };
        gone.onblocked = function () { resolve(null); };
      } catch (e) {
        resolve(null);
      }
    };
    request.onblocked = function () { resolve(null); };
  }

  function openDb() {
    if (dbPromise) return dbPromise;
    dbPromise = new Promise(function (resolve) { openAt(0, resolve, false); });
    return dbPromise;
  }

  function transaction(db, mode) {
    try {
      return db.transaction(STORE, mode, { durability: "strict" });
    } catch (e) { // an older browser without the options argument
      return db.transaction(STORE, mode);
    }
  }

  /* One read-write transaction on the journal's store (`operate` puts or deletes); a promise
   * of whether it completed, counted by `settled()`. */
  function change(operate) {
    var done = openDb().then(function (db) {
      if (!db) return false;
      return new Promise(function (resolve) {
        try {
          var tx = transaction(db, "readwrite");
          operate(tx.objectStore(STORE));
          tx.oncomplete = function () { resolve(true); };
          tx.onerror = function () { resolve(false); };
          tx.onabort = function () { resolve(false); };
        } catch (e) {
          resolve(false);
        }
      });
    }).catch(function () { return false; });
    pending.push(done);
    done.then(function () { pending.splice(pending.indexOf(done), 1); });
    return done;
  }

  function write(record) {
    return change(function (store) { store.put(record); });
  }

  function number(value) {
    return typeof value === "number" && isFinite(value) ? value : null;
  }

  /* The rev and time of a stored save's text, or null if it cannot be read. */
  function facts(text) {
    if (typeof text !== "string" || text.length > MAX_VALUE || text.charAt(0) !== "{") return null;
    var data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return null;
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    var rev = number(data.rev), updated = number(data.updated);
    if (rev === null || updated === null) return null;
    return { rev: rev, updated: updated, created: number(data.created) };
  }

  function newer(entry, stored) {
    if (entry.rev !== stored.rev) return entry.rev > stored.rev;
    return entry.updated > stored.updated;
  }

  /* Bring one journal entry into localStorage if it is newer; true if something changed. */
  function apply(entry, now, stale) {
    if (!entry || typeof entry.key !== "string" || entry.key.indexOf(PREFIX) !== 0) return false;
    var rev = number(entry.rev), updated = number(entry.updated);
    if (rev === null || updated === null) return false;
    var current = window.localStorage.getItem(entry.key);
    var stored = current === null ? null : facts(current);
    if (current !== null && stored === null) return false; // unreadable: left for the page
    if (entry.held) return false; // the overflow: the page saves it when there is room
    if (entry.deleted) {
      // A deletion removes only the save it was made for (the same game: its creation time),
      // never a later game that happens to have the key.
      var created = number(entry.created);
      var same = created === null || stored === null || stored.created === created;
      if (stored !== null && stored.rev <= rev && same) {
        window.localStorage.removeItem(entry.key);
        return true;
      }
      if (now - updated > TOMBSTONE_MS) stale.push(entry.key);
      return false;
    }
    if (typeof entry.value !== "string" || entry.value.length > MAX_VALUE) return false;
    if (stored !== null && !newer({ rev: rev, updated: updated }, stored)) return false;
    var restored = facts(entry.value);
    if (restored === null) return false;
    window.localStorage.setItem(entry.key, entry.value);
    // The page checks each of these before it trusts it (a valid record of the same game) and
    // puts the previous value back otherwise: it can decode a game, this script cannot.
    replaced.push({ key: entry.key, previous: current, restored: entry.value });
    return true;
  }

  function forget(db, keys) {
    if (!keys.length) return;
    try {
      var store = transaction(db, "readwrite").objectStore(STORE);
      keys.forEach(function (key) { store.delete(key); });
    } catch (e) { /* kept for next time */ }
  }

  function replay() {
    return openDb().then(function (db) {
      if (!db) return 0;
      return new Promise(function (resolve) {
        var request;
        try {
          request = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
        } catch (e) {
          resolve(0);
          return;
        }
        request.onsuccess = function () {
          var restored = 0, stale = [], now = Date.now();
          (request.result || []).forEach(function (entry) {
            try {
              if (apply(entry, now, stale)) restored += 1;
            } catch (e) { /* storage full or blocked: the page reports what it finds */ }
          });
          forget(db, stale);
          resolve(restored);
        };
        request.onerror = function () { resolve(0); };
      });
    }).catch(function () { return 0; });
  }

  var ready = Promise.race([
    replay(),
    new Promise(function (resolve) { setTimeout(function () { resolve(0); }, READY_TIMEOUT_MS); }),
  ]);

  var state = Promise.race([
    openDb().then(function (db) { return db ? "on" : "off"; }).catch(function () { return "off"; }),
    new Promise(function (resolve) { setTimeout(function () { resolve("off"); }, READY_TIMEOUT_MS); }),
  ]);

  window.kingdomsJournal = {
    ready: ready,
    state: state,
    put: function (key, value, rev, updated, held) {
      if (typeof key !== "string" || key.indexOf(PREFIX) !== 0) return Promise.resolve(false);
      return write({ key: key, value: String(value), rev: Number(rev), updated: Number(updated),
                     deleted: false, held: held === true });
    },
    drop: function (key, rev, updated, created) {
      if (typeof key !== "string" || key.indexOf(PREFIX) !== 0) return Promise.resolve(false);
      return write({ key: key, rev: Number(rev), updated: Number(updated), deleted: true,
                     created: typeof created === "number" ? created : null });
    },
    replaced: replaced,
    forget: function (key) {
      return change(function (store) { store.delete(key); });
    },
    settled: function () {
      return Promise.all(pending.slice()).then(function () { return true; });
    },
    entries: function () {
      return openDb().then(function (db) {
        if (!db) return [];
        return new Promise(function (resolve) {
          try {
            var request = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
            request.onsuccess = function () { resolve(request.result || []); };
            request.onerror = function () { resolve([]); };
          } catch (e) {
            resolve([]);
          }
        });
      }).catch(function () { return []; });
    },
    reset: function () {
      return openDb().then(function (db) {
        if (db) db.close();
        dbPromise = null;
        return new Promise(function (resolve) {
          try {
            var request = window.indexedDB.deleteDatabase(DB_NAME);
            request.onsuccess = function () { resolve(true); };
            request.onerror = function () { resolve(false); };
            request.onblocked = function () { resolve(false); };
          } catch (e) {
            resolve(false);
          }
        });
      });
    },
  };
})();
