// A printed sheet's print-ready page (tournaments.print_pages): the "Print" button opens the
// browser's print dialog. Kept in a file: the site's Content-Security-Policy runs no inline
// script without a nonce.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
})();
