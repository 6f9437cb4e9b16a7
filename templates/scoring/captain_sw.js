/* Duplicada: keeps the captain's page and its files on the phone, so that the page opens
   again with no network. Results typed meanwhile are kept by the page itself
   (static/js/captain.js, IndexedDB), not here. Served from /t/sw.js: scope /t/. */
"use strict";
var CACHE = "{{ cache_name }}";
var ASSETS = {{ assets|safe }};
var OFFLINE = {{ offline|safe }};
var PAGE = /^\/t\/\d+\/[^/]+\/$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE)
    .then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("{{ cache_prefix }}") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // results are sent by the page, never replayed here
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (ASSETS.indexOf(url.pathname) >= 0) {
    // The files: from the phone at once, refreshed in the background.
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(url.pathname).then(function (hit) {
        var fresh = fetch(request).then(function (response) {
          if (response.ok) cache.put(url.pathname, response.clone());
          return response;
        });
        return hit ? (fresh.catch(function () { return hit; }), hit) : fresh;
      });
    }));
  } else if (PAGE.test(url.pathname)) {
    // The page: from the server when it answers (and kept), else the copy kept last.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !url.search) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(url.pathname); })
        .then(function (hit) {
          return hit || new Response(OFFLINE, {
            status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
        });
    }));
  }
});
