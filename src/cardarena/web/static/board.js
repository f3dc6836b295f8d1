// The board of any game, drawn from one seat's frame (view, decision, log, result, card texts).
// Every text goes through textContent: nothing from a frame is ever parsed as HTML.
"use strict";
const Arena = (() => {
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };
  const SKIP_TOP = new Set(["players", "decision", "result", "game", "format", "seat", "pending"]);
  const SKIP_CARD = new Set(["id", "name", "kind", "card", "slot", "ability", "passive", "ultimate", "iid", "index"]);
  const seatName = (s) => (s === null || s === undefined ? "spectator" : "P" + (s + 1));
  // a kind shown on its own (a face-down circuits Plan's "offense") is a game's term: capitalised as
  // the rulebooks write them ("Offense"); the frame keeps the value the automatons read
  const term = (w) => { const t = String(w); return t.charAt(0).toUpperCase() + t.slice(1); };
  // view fields that name a seat (0-based in the JSON), shown as P1, P2 like every other seat on the page
  const SEAT_TOP = new Set(["active", "first", "priority"]);
  let current = null;

  function inspect(name) {
    const box = document.getElementById("inspect");
    box.replaceChildren();
    box.classList.add("showing");
    // shown only where the panel floats over the board (a phone's dock, arena.css)
    const close = el("button", "inspect-close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Close the card");
    close.addEventListener("click", () => {
      box.classList.remove("showing");
      box.replaceChildren(el("p", "hint", "Click a card name to read it."));
    });
    box.append(close);
    const lines = current && current.cards[name];
    if (!lines) box.append(el("p", "hint", name + ": not visible from this seat"));
    else {
      box.append(el("h4", null, lines[0]));
      lines.slice(1).forEach((l) => box.append(el("p", null, l.trim())));
    }
    box.scrollTop = 0;
  }

  function nameChip(name) {
    const b = el("button", "name", name);
    b.type = "button";
    b.addEventListener("click", () => inspect(name));
    return b;
  }

  function scalar(v) {
    return v === null || ["string", "number", "boolean"].includes(typeof v);
  }

  function placed(x) {
    const keys = Object.keys(x);
    if (keys.length !== 2 || typeof x.seat !== "number" || typeof x.slot !== "number" || !current) return null;
    const p = ((current.view || {}).players || []).find((q) => q.seat === x.seat);
    for (const zone of Object.values(p || {})) {
      if (!Array.isArray(zone)) continue;
      const c = zone.find((y) => y && typeof y === "object" && y.slot === x.slot && typeof y.name === "string");
      if (c) return c.name;
    }
    return null;
  }

  function thing(x) {
    // null is an empty place (a frontline Front slot with no piece); a hidden card is an object
    // ({"hidden": true} or {"face_down": true}), drawn as a card back below
    if (x === null || x === undefined) return el("span", "card empty-slot", "empty");
    if (typeof x === "string") return current && current.cards[x] ? nameChip(x) : el("span", "chip", x);
    if (typeof x !== "object") return el("span", "chip", x);
    if (Array.isArray(x)) { const s = el("span", "group"); x.forEach((y) => s.append(thing(y))); return s; }
    const box = el("div", "card");
    // a card named by its seat and place alone ({seat, slot}: the Heroes of a mastery intercept): that
    // card's name, read from the seat's own zones on the same board
    const ref = placed(x);
    if (ref) return nameChip(ref);
    if (x.card && typeof x.card === "object") {
      const inner = thing(x.card);
      if (x.face_down) inner.classList.add("face-down");
      if (x.set_turn) inner.append(el("div", "stats", "set on turn " + x.set_turn));
      return inner;
    }
    // {} is what a spectator's view keeps of a card only its holder sees (the seats' views agree on
    // nothing of it but its place): a hidden card
    if (x.hidden || (x.face_down && !x.name) || !Object.keys(x).length) {
      box.classList.add("back");
      box.textContent = "face-down";
      // an aliens set card's turn is public: it decides whether the card may answer as a Counter
      if (x.set_turn) box.append(el("div", "stats", "set on turn " + x.set_turn));
      return box;
    }
    if (x.name) box.append(nameChip(x.name)); else if (x.kind) box.append(el("b", null, term(x.kind)));
    if (x.ko) box.classList.add("ko");
    const stats = [], refs = [];
    if ("hp" in x && "max_hp" in x) stats.push(x.hp + "/" + x.max_hp + " HP");
    for (const [k, v] of Object.entries(x)) {
      // a catalogue id (frontline's source_id "A05") is the data's, not a word of the game
      if (SKIP_CARD.has(k) || k.endsWith("_id") || k === "hp" || k === "max_hp" || v === null || v === false ||
          v === "" || (Array.isArray(v) && !v.length)) continue;
      // a seat is 0-based in the JSON: named P1, P2 as everywhere else on the page (a frontline Ladder link's)
      if (k === "seat" && typeof v === "number") stats.push(seatName(v));
      // a field naming a card (a Ladder link's source) can be read like any card name
      else if (typeof v === "string" && current && current.cards[v]) refs.push([k, v]);
      else if (scalar(v)) stats.push((v === true ? k : k + " " + v).replace(/_/g, " "));  // "hp_now 2" reads "hp now 2"
    }
    if (stats.length) box.append(el("div", "stats", stats.join(" · ")));
    refs.forEach(([k, v]) => {
      const line = el("div", "part");
      line.append(el("span", null, k.replace(/_/g, " ") + ": "), nameChip(v));
      box.append(line);
    });
    for (const k of ["ability", "passive", "ultimate", "equip"]) {
      const p = x[k];
      if (p && typeof p === "object" && p.name) {
        const line = el("div", "part");
        line.append(el("span", null, k + ": "), nameChip(p.name));
        if (p.used) line.append(el("span", "used", " (used)"));
        box.append(line);
      } else if (p && typeof p === "object") box.append(thing(p));
    }
    return box;
  }

  function player(p, frame, names) {
    const sec = el("section", "player" + (p.seat === frame.seat ? " me" : ""));
    sec.dataset.seat = p.seat;
    let title = seatName(p.seat);
    if (names && names[p.seat]) title += " · " + names[p.seat];
    if (p.seat === frame.seat) title += " (you)";
    if (frame.waiting_for === p.seat && !frame.result) title += " — deciding";
    sec.append(el("h3", null, title));
    const stats = [];
    for (const [k, v] of Object.entries(p)) if (k !== "seat" && scalar(v) && v !== null) stats.push(k.replace(/_/g, " ") + ": " + v);
    sec.append(el("p", "stats", stats.join(" · ")));
    for (const [k, v] of Object.entries(p)) {
      if (scalar(v)) continue;
      const zone = el("div", "zone");
      zone.dataset.zone = k;
      zone.append(el("h4", null, k.replace(/_/g, " ")));
      const row = el("div", "row");
      if (Array.isArray(v)) { if (!v.length) row.append(el("span", "empty", "—")); v.forEach((c) => row.append(thing(c))); }
      else row.append(thing(v));
      zone.append(row);
      sec.append(zone);
    }
    return sec;
  }

  function draw(frame, opts) {
    current = frame;
    const board = document.getElementById("board");
    board.replaceChildren();
    const v = frame.view || {};
    const top = [];
    for (const [k, x] of Object.entries(v)) {
      if (SKIP_TOP.has(k) || !scalar(x) || x === null) continue;
      top.push(k + ": " + (SEAT_TOP.has(k) && typeof x === "number" ? seatName(x) : x));
    }
    board.append(el("p", "top-stats", top.join(" · ")));
    for (const [k, x] of Object.entries(v)) {
      if (SKIP_TOP.has(k) || scalar(x)) continue;
      const zone = el("div", "zone shared");
      zone.dataset.zone = k;
      zone.append(el("h4", null, k.replace(/_/g, " ")),
        Array.isArray(x) && !x.length ? el("span", "empty", "—") : thing(x));
      board.append(zone);
    }
    // the other seats above, the viewer's own seat at the bottom (as at a table)
    const players = [...(v.players || [])].sort((a, b) => (a.seat === frame.seat) - (b.seat === frame.seat) || a.seat - b.seat);
    players.forEach((p) => board.append(player(p, frame, opts.names)));
    const log = document.getElementById("log");
    log.replaceChildren(...frame.log.map((l) => el("li", null, l)));
    log.scrollTop = log.scrollHeight;
    // the docked status on a phone says the last move too: the play-by-play is below the whole board
    // (over, the status says the result: the move that ended the game, not the game's "Result:" line)
    const lastMove = document.getElementById("last-move");
    const moves = frame.log.map((l) => String(l).trim()).filter((l) => !(frame.result && l.startsWith("Result:")));
    if (lastMove) lastMove.textContent = moves.length ? moves[moves.length - 1] : "";
    const status = document.getElementById("status");
    const dec = document.getElementById("decision");
    dec.replaceChildren();
    if (frame.result) {
      status.textContent = frame.result.text;
      status.className = "status over";
      if (opts.matchLink && frame.match_id) {
        const a = el("a", null, "Open the replay");
        a.href = "/replays/" + frame.match_id + (frame.seat === null ? "" : "?seat=" + frame.seat);
        a.id = "to-replay";
        status.append(" ", a);
      }
    } else if (frame.decision && frame.decision.options) {
      // a replay or a watched match shows a seat's options too, but the viewer does not choose them
      status.textContent = opts.onOption ? "Your decision" : seatName(frame.seat) + " decides";
      status.className = "status mine";
      dec.append(el("p", "prompt", frame.decision.prompt));
      if (frame.help) dec.append(el("p", "hint help", frame.help));
      const list = el("div", "options");
      frame.decision.options.forEach((o) => {
        const b = el("button", "option", o.label);
        b.type = "button";
        b.dataset.id = o.id;
        if (opts.onOption) b.addEventListener("click", () => opts.onOption(frame.decision.seq, o.id));
        else b.disabled = true;
        list.append(b);
      });
      dec.append(list);
      if (frame.unplayable && frame.unplayable.length) {
        const why = el("div", "unplayable");
        why.append(el("p", "hint", "Not playable now:"));
        const ul = el("ul", "hint");
        frame.unplayable.forEach(([name, reason]) => ul.append(el("li", null, name + ": " + reason)));
        why.append(ul);
        dec.append(why);
      }
      // the cards the options name are the legal ones: mark them on the board, and the one an option
      // names when the pointer is on it
      const cards = [...board.querySelectorAll(".card")];
      const named = (label) => cards.filter((c) => {
        const n = c.querySelector("button.name");
        if (!n || !label.includes(n.textContent)) return false;
        // both sides may hold a card of one name (a mirror match): an option that says whose it is
        // ("P2's X", "enemy X") marks only that side's
        const sec = c.closest(".player");
        if (!sec) return true;
        const seat = Number(sec.dataset.seat);
        const name = n.textContent;
        const whose = label.match(/P(\d+)'s ([^(,;]+)/g) || [];
        const owned = whose.filter((w) => w.includes(name)).map((w) => Number(w.slice(1, w.indexOf("'"))) - 1);
        if (owned.length) return owned.includes(seat);
        if (label.includes("enemy " + name) && frame.seat !== null && frame.seat !== undefined) return seat !== frame.seat;
        return true;
      });
      frame.decision.options.forEach((o) => named(o.label).forEach((c) => c.classList.add("legal")));
      list.querySelectorAll("button.option").forEach((b) => {
        b.addEventListener("mouseenter", () => named(b.textContent).forEach((c) => c.classList.add("aimed")));
        b.addEventListener("mouseleave", () => cards.forEach((c) => c.classList.remove("aimed")));
      });
    } else if (frame.waiting_for !== null && frame.waiting_for !== undefined) {
      status.textContent = "Waiting for " + seatName(frame.waiting_for) + (frame.decision ? " (" + frame.decision.kind + ")" : "") + "…";
      status.className = "status waiting";
    } else {
      status.textContent = "";
    }
  }

  async function api(url, body) {
    const init = body === undefined ? {} : {
      method: "POST", body: JSON.stringify(body),
      headers: {"content-type": "application/json", "x-csrf-token": csrf()},
    };
    const r = await fetch(url, init);
    const data = await r.json().catch(() => ({error: r.statusText}));
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  }

  function flash(msg) {
    const s = document.getElementById("status");
    s.textContent = msg;
    s.className = "status problem";
  }

  // the dock (a phone: the status, the options and a replay's or a match's controls held at the bottom
  // of the screen, arena.css): the toggle folds it to its status line to see the board. The page keeps
  // the dock's height free below the board (--dock-h) so no part of the board stays under it.
  function dock() {
    const box = document.getElementById("dock");
    const toggle = document.getElementById("dock-toggle");
    let options = 0;
    const fold = (open) => {
      box.classList.toggle("collapsed", !open);
      toggle.setAttribute("aria-expanded", String(open));
      toggle.textContent = open ? "Hide ▾" : (options ? "Options (" + options + ") ▴" : "Show ▴");
    };
    toggle.addEventListener("click", () => fold(box.classList.contains("collapsed")));
    const room = () => document.documentElement.style.setProperty("--dock-h", box.offsetHeight + "px");
    if (window.ResizeObserver) new ResizeObserver(room).observe(box);
    // after a frame is drawn: nothing to fold while no seat's options are shown (waiting, over)
    const drawn = (f) => {
      options = f.decision && f.decision.options ? f.decision.options.length : 0;
      toggle.hidden = !options;
      room();
    };
    return {box, fold, drawn};
  }

  // the arrow keys step a replay, except where they already mean something (a select, a field)
  const stepKey = (e) => !e.target.closest || !e.target.closest("select, input, textarea");

  return {draw, api, flash, csrf, dock, stepKey};
})();

const ArenaPlay = {
  start(id) {
    let busy = false, timer = null, last = null, shownSeq;
    const url = "/api/play/" + id;
    const dock = Arena.dock();  // each new decision opens it again
    const show = (f) => {
      last = f;
      if (f.seq !== shownSeq) { shownSeq = f.seq; dock.fold(true); dock.box.scrollTop = 0; }
      const auto = document.getElementById("auto-pass");
      auto.checked = f.auto_pass;
      auto.disabled = !f.may_auto_pass;  // against a connected bot: its program could time an auto-pass
      auto.title = f.may_auto_pass ? "" : "Off against a connected bot: how fast a window is passed would tell its program that you hold no answer";
      Arena.draw(f, {names: f.names, matchLink: true, onOption: move});
      dock.drawn(f);
      // the option just pressed is gone with the redraw, and the focus with it: a keyboard player
      // lands on the new decision's first option, not on the page's start (a Tab past every card)
      const first = document.querySelector("#decision button.option");
      if (first && (!document.activeElement || document.activeElement === document.body)) first.focus({preventScroll: true});
      // a finished game: nothing left to concede or pass; offer the next one
      document.getElementById("concede").disabled = !!f.result;
      if (f.result) {
        // the result names seats (P2 wins): say first what it means for the person
        const w = f.result.winner;
        document.getElementById("status").prepend(w === null || w === undefined ? "A draw. " : w === f.seat ? "You win! " : "You lose. ");
        auto.disabled = true;
        const again = document.createElement("a");
        again.href = "/play?game=" + encodeURIComponent(f.game);
        again.id = "new-game";
        again.textContent = "Play another game";
        document.getElementById("status").append(" · ", again);
      }
      clearTimeout(timer);
      if (!f.result && f.waiting_for !== f.seat) timer = setTimeout(poll, 250);
    };
    const poll = () => Arena.api(url).then(show).catch((e) => { Arena.flash(e.message); timer = setTimeout(poll, 2000); });
    const move = (seq, option) => {
      if (busy) return;
      busy = true;
      document.querySelectorAll("button.option").forEach((b) => (b.disabled = true));
      Arena.api(url + "/move", {seq, option}).then(show)
        .catch((e) => { Arena.flash(e.message); poll(); })
        .finally(() => (busy = false));
    };
    document.getElementById("concede").addEventListener("click", () => {
      if (confirm("Concede this game?")) Arena.api(url + "/concede", {}).then(show).catch((e) => Arena.flash(e.message));
    });
    document.getElementById("auto-pass").addEventListener("change", (ev) => {
      Arena.api(url + "/autopass", {on: ev.target.checked}).then(show).catch((e) => Arena.flash(e.message));
    });
    poll();
    return () => last;
  },
};

const ArenaReplay = {
  start(id, step, total) {
    const seatSel = document.getElementById("seat");
    const playBtn = document.getElementById("play");
    const speedSel = document.getElementById("speed");
    const dock = Arena.dock();
    let asked = 0, timer = null;
    // playing: a step each `speed` seconds, each once the last one is drawn, until the last step
    const playing = () => timer !== null;
    const pause = () => {
      clearTimeout(timer);
      timer = null;
      playBtn.textContent = "Play ▶";
      playBtn.setAttribute("aria-pressed", "false");
    };
    const go = (n, auto) => {
      if (!auto) pause();  // a step asked for by hand stops the playing
      step = Math.max(0, Math.min(total, n));
      const seat = seatSel.value;
      const mine = ++asked;
      Arena.api("/api/replays/" + id + "?step=" + step + "&seat=" + seat).then((f) => {
        if (mine !== asked) return;  // a later step or seat was asked for: this answer is stale
        Arena.draw(f, {});
        dock.drawn(f);
        document.getElementById("where").textContent = "step " + step + " / " + total;
        const q = "?seat=" + seat + "&step=" + step;
        document.getElementById("share").href = "/replays/" + id + q;
        const fs = document.getElementById("fork-step");
        if (fs) fs.value = step;
        history.replaceState(null, "", q);
        if (playing()) {
          if (step >= total) pause();
          else timer = setTimeout(() => go(step + 1, true), parseFloat(speedSel.value) * 1000);
        }
      }).catch((e) => { pause(); Arena.flash(e.message); });
    };
    playBtn.onclick = () => {
      if (playing()) { pause(); return; }
      playBtn.textContent = "Pause";
      playBtn.setAttribute("aria-pressed", "true");
      timer = 0;  // playing; the first step comes at once (from the start if at the end)
      go(step >= total ? 0 : step + 1, true);
    };
    document.getElementById("first").onclick = () => go(0);
    document.getElementById("back").onclick = () => go(step - 1);
    document.getElementById("forward").onclick = () => go(step + 1);
    document.getElementById("last").onclick = () => go(total);
    seatSel.onchange = () => go(step, playing());
    document.addEventListener("keydown", (e) => {
      if (!Arena.stepKey(e)) return;
      if (e.key === "ArrowLeft") go(step - 1);
      if (e.key === "ArrowRight") go(step + 1);
    });
    go(step);
  },
};

const ArenaWatch = {
  start(id) {
    let source = null, paused = false, held = null, behind = 0;
    const seatSel = document.getElementById("seat");
    const pauseBtn = document.getElementById("pause");
    const dock = Arena.dock();
    const show = (f) => {
      Arena.draw(f, {matchLink: true});
      dock.drawn(f);
      if (f.match_id) {
        const a = document.createElement("a");
        a.href = "/replays/" + f.match_id;
        a.id = "watch-replay";
        a.textContent = "Replay of this match";
        document.getElementById("replay-link").replaceChildren(a);
      }
    };
    // a pause holds this viewer's board where it is (the match is the server's and plays on); going on
    // shows where the match is now
    const label = () => {
      pauseBtn.textContent = paused ? "Go on ▶" + (behind ? " (" + behind + " moves on)" : "") : "Pause";
      pauseBtn.setAttribute("aria-pressed", String(paused));
    };
    pauseBtn.onclick = () => {
      paused = !paused;
      if (!paused && held) show(held);
      held = null;
      behind = 0;
      label();
    };
    const open = () => {
      if (source) source.close();
      held = null;
      behind = 0;
      source = new EventSource("/api/watch/" + id + "/stream?seat=" + seatSel.value);
      source.onmessage = (m) => {
        const f = JSON.parse(m.data);
        if (paused) { held = f; behind += 1; label(); } else show(f);
      };
      source.addEventListener("end", () => source.close());
    };
    seatSel.onchange = open;
    document.getElementById("speed").onchange = (e) =>
      Arena.api("/api/watch/" + id + "/speed", {delay: parseFloat(e.target.value)}).catch((err) => Arena.flash(err.message));
    open();
  },
};
