// Replay page: step through a game's moves (buttons, arrow keys, clicks on moves).
// The page carries its data as JSON; this script only moves a cursor over it:
// the current line (0 = main line, n = variation n) and an index into it
// (0 = the position before the line's first move, i = after its i-th move).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var initial = JSON.parse(document.getElementById("replay-initial").textContent);
  var board = document.getElementById("board");
  var boardText = document.getElementById("board-text");
  var note = document.getElementById("board-note");
  var caption = document.getElementById("board-caption");
  var keyView = document.querySelector("#board-key code");
  var search = document.getElementById("position-search");
  var searchBase = search.dataset.base;  // the href is the opening position's search, made by the server
  var flipButton = document.getElementById("flip");
  var state = {line: String(initial.line), index: initial.index, flip: false};

  function line(id) { return data.lines[String(id)]; }

  function positionAt(lineId, index) {
    var l = line(lineId);
    return index === 0 ? l.before : l.moves[index - 1].position;
  }

  // "1." for the side that opens a move number, "1…" for the side that answers
  // (Black opens in checkers, White in chess).
  function numbered(m) {
    if (!m.number) { return ""; }
    var side = (m.side || "").toLowerCase();
    var answers = data.columns ? side === data.columns[1] : /^b/.test(side);
    return m.number + (answers ? "… " : ". ");
  }

  function describe(lineId, index) {
    if (index === 0) {
      return lineId === "0" ? (line("0").before.caption || "Starting position") : "Before variation " + lineId;
    }
    var m = line(lineId).moves[index - 1];
    var text = "After " + numbered(m) + m.printed;
    if (m.normalized && m.normalized !== m.printed) { text += " (" + m.normalized + ")"; }
    if (lineId !== "0") { text += " — variation " + lineId; }
    return text;
  }

  function pictureUrl(pos) {
    return state.flip ? pos.picture + "&flip=1" : pos.picture;
  }

  function show() {
    var pos = positionAt(state.line, state.index) || {};
    if (pos.picture) {
      board.src = pictureUrl(pos);
      board.alt = pos.key || "";
      board.hidden = false;
      boardText.hidden = true;
    } else {
      board.hidden = true;
      boardText.hidden = false;
      boardText.textContent = pos.key ||
        (state.index === 0 ? "(no starting position recorded)" : "(no position recorded for this move)");
    }
    var why = pos.note || (state.index === 0 && state.line === "0" ? line("0").before.note : null);
    note.textContent = why || "";
    note.hidden = !why;
    board.classList.toggle("stale", Boolean(pos.carried));
    caption.textContent = describe(state.line, state.index);
    keyView.textContent = pos.key || "";
    if (pos.id) {
      search.href = searchBase + "?" + new URLSearchParams({db: data.database, position_id: pos.id});
      search.hidden = false;
    } else {
      search.hidden = true;
    }
    var current = document.querySelectorAll(".move.current");
    for (var i = 0; i < current.length; i++) {
      current[i].classList.remove("current");
      current[i].removeAttribute("aria-current");
    }
    if (state.index > 0) {
      var li = document.getElementById("move-" + state.line + "-" + state.index);
      if (li) {
        li.classList.add("current");
        li.setAttribute("aria-current", "step");
        scrollToMove(li);
      }
    }
    document.body.dataset.line = state.line;
    document.body.dataset.index = String(state.index);
    preload(state.line, state.index);  // the next board, so stepping forward does not wait
  }

  // Keep the current move in view below the board (which stays at the top of a phone's screen).
  function scrollToMove(el) {
    var pane = document.querySelector(".board-sticky");
    var rect = el.getBoundingClientRect();
    var top = 0;
    if (pane && getComputedStyle(pane).position === "sticky" && window.innerWidth < 700) {
      top = pane.getBoundingClientRect().bottom;
    }
    if (top === 0) {  // a wide screen: the board sits beside the moves; scroll no more than needed
      if (el.scrollIntoView) { el.scrollIntoView({block: "nearest"}); }
    } else if (rect.top < top || rect.bottom > window.innerHeight) {
      window.scrollBy({top: rect.top - top - (window.innerHeight - top) / 3, behavior: "auto"});
    }
  }

  // A line's first step is 0 (its start), or its first position when the record has no start (a card deal).
  function go(lineId, index) {
    var last = line(lineId).moves.length;
    state.line = String(lineId);
    state.index = Math.max(line(lineId).first || 0, Math.min(index, last));
    show();
  }

  function step(delta) {
    var l = line(state.line);
    if (delta < 0 && state.index === 0 && state.line !== "0" && data.lines[String(l.parent)]) {
      // Back past a variation's first move: return to the line it branches from.
      var parent = line(l.parent);
      var before = parent.moves.filter(function (m) { return m.ply < l.branch_ply; }).length;
      go(l.parent, before);
      return;
    }
    go(state.line, state.index + delta);
  }

  function flip() {
    state.flip = !state.flip;
    flipButton.setAttribute("aria-pressed", String(state.flip));
    document.body.classList.toggle("flipped", state.flip);
    show();
  }

  function preload(lineId, index) {
    var moves = line(lineId).moves;
    if (index < moves.length && moves[index].position.picture) {
      new Image().src = pictureUrl(moves[index].position);
    }
  }

  document.getElementById("step-first").addEventListener("click", function () { go(state.line, 0); });
  document.getElementById("step-back").addEventListener("click", function () { step(-1); });
  document.getElementById("step-forward").addEventListener("click", function () { step(1); });
  document.getElementById("step-last").addEventListener("click", function () {
    go(state.line, line(state.line).moves.length);
  });
  flipButton.addEventListener("click", flip);
  document.getElementById("copy-key").addEventListener("click", function () {
    var text = keyView.textContent;
    var done = document.getElementById("copy-done");
    function said() { done.hidden = false; setTimeout(function () { done.hidden = true; }, 1500); }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(said, function () { select(); });
    } else {
      select();
    }
    function select() {  // no clipboard (plain http): select the key so Ctrl-C copies it
      var range = document.createRange();
      range.selectNodeContents(keyView);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      try { if (document.execCommand("copy")) { said(); } } catch (e) { /* the key stays selected */ }
    }
  });
  document.querySelectorAll(".move-button").forEach(function (button) {
    button.addEventListener("click", function (event) {
      event.stopPropagation();
      go(button.dataset.line, parseInt(button.dataset.index, 10));
    });
  });
  // A move in the book's text (its role marked) goes to the board after it, without reloading the page.
  document.querySelectorAll(".printed-text a.role[data-index]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      go(link.dataset.line, parseInt(link.dataset.index, 10));
      document.querySelector(".board-figure").scrollIntoView({block: "nearest"});
    });
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var keys = {
      ArrowRight: function () { step(1); },
      ArrowLeft: function () { step(-1); },
      Home: function () { go(state.line, 0); },
      End: function () { go(state.line, line(state.line).moves.length); },
      f: flip
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });
  show();
})();
