/* Duplicada captain's outbox, its storage (used by captain.js): the items waiting on the
   phone, in IndexedDB (or in memory where the browser refuses it), every change made one
   after the other, and a correction put in place of what waits in one step. */
(function () {
  "use strict";
  var STORE = "items";
  window.DuplicadaOutboxStore = function (PAGE) {
    // --- Storage: IndexedDB, or memory where the browser refuses it --------------------------
    var memory = {};
    var dbPromise = new Promise(function (resolve) {
      if (!window.indexedDB) { resolve(null); return; }
      var request = indexedDB.open("duplicada-outbox", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { resolve(null); };
    });
    function withStore(mode, work) {
      return dbPromise.then(function (db) {
        if (!db) return work(null);
        return new Promise(function (resolve, reject) {
          var tx = db.transaction(STORE, mode);
          var request = work(tx.objectStore(STORE));
          tx.oncomplete = function () { resolve(request ? request.result : undefined); };
          tx.onerror = function () { reject(tx.error); };
        });
      });
    }
    // Every change to the outbox goes through one promise chain, one after the other.
    var chain = Promise.resolve();
    function serially(work) {
      var done = chain.then(work);
      chain = done.catch(function () { /* the next change still runs */ });
      return done;
    }
    function save(item) {
      return serially(function () {
        return withStore("readwrite", function (store) {
          if (!store) { memory[item.key] = item; return null; }
          return store.put(item);
        });
      });
    }
    function drop(key) {
      return serially(function () {
        return withStore("readwrite", function (store) {
          if (!store) { delete memory[key]; return null; }
          return store["delete"](key);
        });
      });
    }
    function items() {
      return withStore("readonly", function (store) {
        if (!store) return { result: Object.keys(memory).map(function (k) { return memory[k]; }) };
        return store.getAll();
      }).then(function (all) {
        return (all || []).filter(function (item) { return item.page === PAGE; })
          .sort(function (a, b) { return a.at - b.at; });
      });
    }

    // Put an item in place of the one waiting for the same deal and kind, in one step: two
    // presses a few milliseconds apart must not both find the outbox empty. The read and the
    // writes share one IndexedDB transaction.
    function pending(other, item) {
      return other.key === item.key && (other.state === "queued" || other.state === "sending");
    }
    function replace(item) {
      return serially(function () {
        return dbPromise.then(function (db) {
          var same = function (other) {
            return other.page === item.page && other.deal === item.deal && other.kind === item.kind;
          };
          if (!db) {
            var waiting = Object.keys(memory).map(function (k) { return memory[k]; }).filter(same);
            if (waiting.some(function (other) { return pending(other, item); })) return false;
            waiting.forEach(function (other) {
              if (other.state !== "sending") delete memory[other.key];
            });
            memory[item.key] = item;
            return true;
          }
          return new Promise(function (resolve, reject) {
            var tx = db.transaction(STORE, "readwrite");
            var store = tx.objectStore(STORE);
            var stored = true;
            store.getAll().onsuccess = function (event) {
              var waiting = event.target.result.filter(same);
              // The same entry already waits or is on its way: nothing more to keep.
              if (waiting.some(function (other) { return pending(other, item); })) {
                stored = false;
                return;
              }
              // A correction typed before the first one left replaces it.
              waiting.forEach(function (other) {
                if (other.state !== "sending") store["delete"](other.key);
              });
              store.put(item);
            };
            tx.oncomplete = function () { resolve(stored); };
            tx.onerror = function () { reject(tx.error); };
          });
        });
      });
    }

    function newKey() {
      var bytes = new Uint8Array(24);
      crypto.getRandomValues(bytes);
      return btoa(String.fromCharCode.apply(null, bytes))
        .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    return { save: save, drop: drop, items: items, replace: replace, newKey: newKey };
  };
})();
