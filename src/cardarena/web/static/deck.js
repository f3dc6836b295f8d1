// The deck builder: edits the deck document in place, checks it on the server at every change
// (the same checks as `cardarena validate`) and lists every reason it is not legal yet.
"use strict";
(() => {
  const doc = JSON.parse(document.getElementById("deck-data").textContent);
  const meta = JSON.parse(document.getElementById("deck-meta").textContent);
  // the lists beside [cards] (aliens, heroes, a circuits armory), each with the cards of its kind
  const lists = meta.lists;
  doc.cards = doc.cards || {};
  lists.forEach((k) => { doc[k] = doc[k] || []; });
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const nameIn = document.getElementById("deck-name");
  const fmtIn = document.getElementById("deck-format");
  const box = document.getElementById("validation");
  const save = document.getElementById("save");
  nameIn.value = doc.name || "";
  if (doc.format) fmtIn.value = doc.format;
  let timer = null;

  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
  const btn = (text, fn, cls) => { const b = el("button", cls || "small", text); b.type = "button"; b.onclick = fn; return b; };

  function draw() {
    lists.forEach((k) => {
      const ul = document.querySelector('ul.deck-list[data-list="' + k + '"]');
      ul.replaceChildren(...doc[k].map((n, i) => {
        const li = el("li", null, n + " ");
        li.append(btn("remove", () => { doc[k].splice(i, 1); changed(); }));
        return li;
      }));
    });
    const ul = document.getElementById("deck-cards");
    ul.replaceChildren(...Object.entries(doc.cards).map(([n, c]) => {
      const li = el("li", null);
      li.dataset.card = n;
      li.append(el("span", "count", c + "×"), " " + n + " ",
        btn("+", () => { doc.cards[n] += 1; changed(); }),
        btn("−", () => { doc.cards[n] -= 1; if (doc.cards[n] <= 0) delete doc.cards[n]; changed(); }));
      return li;
    }));
    document.getElementById("deck-size").textContent = Object.values(doc.cards).reduce((a, b) => a + b, 0);
  }

  let asked = 0;
  async function check() {
    const mine = ++asked;
    const r = await fetch("/api/decks/check", {method: "POST", headers: {"content-type": "application/json", "x-csrf-token": csrf},
      body: JSON.stringify(doc)});
    const res = await r.json();
    if (mine !== asked) return;  // a later change is being checked: this answer is stale
    box.replaceChildren();
    if (res.legal) {
      box.append(el("p", "ok", "Legal: ready to play."));
      save.textContent = "Save";
    } else {
      box.append(el("p", "draft", "Not legal yet (" + res.problems.length + " reason(s)); saving keeps it as a draft:"));
      const ul = el("ul", "problems");
      // a rule id a reason cites links to its item on the game's rules page (the server found it)
      res.problem_parts.forEach((parts) => {
        const li = el("li", "problem");
        parts.forEach(([text, href]) => {
          if (!href) { li.append(text); return; }
          const a = el("a", "rule-ref", text);
          a.href = href;
          li.append(a);
        });
        ul.append(li);
      });
      box.append(ul);
      save.textContent = "Save as draft";
    }
  }

  function changed() {
    draw();
    clearTimeout(timer);
    timer = setTimeout(check, 150);
  }

  document.querySelectorAll("#gallery .card button.add").forEach((b) => {
    b.onclick = () => {
      const name = b.closest(".card").dataset.name;
      if (lists.includes(b.dataset.to)) { doc[b.dataset.to].push(name); } else { doc.cards[name] = (doc.cards[name] || 0) + 1; }
      changed();
    };
  });
  nameIn.addEventListener("input", () => { doc.name = nameIn.value; changed(); });
  fmtIn.addEventListener("change", () => { doc.format = fmtIn.value; changed(); });
  document.getElementById("deck-form").addEventListener("submit", () => {
    document.getElementById("doc").value = JSON.stringify(doc);
  });
  draw();
  check();
})();
