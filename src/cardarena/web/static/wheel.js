// The Affinity wheel: hover, focus or tap an affinity to see what it is strong and weak against.
"use strict";
(() => {
  const info = document.getElementById("wheel-info");
  const nodes = [...document.querySelectorAll("#wheel .aff")];
  const lines = [...document.querySelectorAll("#wheel line.beat")];
  function show(g) {
    const aff = g.dataset.aff;
    nodes.forEach((n) => n.classList.toggle("on", n === g));
    const beats = g.dataset.beats ? g.dataset.beats.split(",") : [];
    const weak = g.dataset.weak ? g.dataset.weak.split(",") : [];
    nodes.forEach((n) => {
      n.classList.toggle("prey", beats.includes(n.dataset.aff));
      n.classList.toggle("threat", weak.includes(n.dataset.aff));
    });
    lines.forEach((l) => l.classList.toggle("on", l.dataset.from === aff));
    if (aff === "Universal") {
      info.textContent = "Universal is outside the wheel: a Universal Attack gets no +2 bonus against anything, " +
        "and an Attack on a Universal Alien gets no bonus either.";
    } else {
      info.textContent = aff + " Attacks are super-effective against " + beats.join(" and ") +
        " (+2 damage, compared with the target Alien's affinity). " + weak.join(" and ") +
        " Attacks are super-effective against " + aff + " Aliens. A card that names extra affinities still adds +2 only once.";
    }
  }
  nodes.forEach((g) => {
    g.addEventListener("mouseenter", () => show(g));
    g.addEventListener("focus", () => show(g));
    g.addEventListener("click", () => show(g));
  });
})();
