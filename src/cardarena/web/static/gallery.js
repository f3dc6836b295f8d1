// Live search and filters over a card gallery (the server filters too, for links and no-script).
"use strict";
(() => {
  const search = document.getElementById("card-search");
  const selects = [...document.querySelectorAll("select[data-facet]")];
  const cards = [...document.querySelectorAll("#gallery .card")];
  const count = document.getElementById("card-count");
  function apply() {
    const q = search.value.trim().toLowerCase();
    let n = 0;
    for (const c of cards) {
      const ok = (!q || c.dataset.search.includes(q)) &&
        selects.every((s) => !s.value || c.getAttribute("data-f-" + s.dataset.facet) === s.value);
      c.hidden = !ok;
      n += ok;
    }
    count.textContent = n + " of " + cards.length + " cards";
  }
  search.addEventListener("input", apply);
  selects.forEach((s) => s.addEventListener("change", apply));
  apply();
})();
