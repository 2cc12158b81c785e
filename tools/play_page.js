// The play page's script (tools/play_page.py puts it in the page or serves it).
//
// It draws the board, keeps the player's marks, checks them by the rules, and asks for
// everything else: the board's data, the next deduction, what a rung proves, the
// write-ups' ideas and the certificates.  Served (python -m tools.play), it asks the local
// server, which asks ladder.py and the puzzle modules; written with --out, it reads the
// same answers off the data traced ahead into the page.  Nothing here works out a
// deduction or an idea: it draws what it is given.  The rules checker below is a short
// transcription of dosun_fuwari.violations and nondango.violations, held to them by the
// tests.
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const $ = id => document.getElementById(id);
const DF = "dosun-fuwari";
const SERVED = DATA.mode === "served";
const NEXT = {"dosun-fuwari": {".": "o", "o": "*", "*": "x", "x": "."}, "nondango": {"?": "#", "#": "o", "o": "?"}};
const SIZED = ["bank", "published"];   // collections the Size picker splits
const SHOWN = 5;                       // positions listed per kind of broken rule
const KEPT = 200;                      // undo steps kept per board across reloads

// === what the page holds ===
let entry = null;          // the index item on show: {name, puzzle, collection, size}
let board = null;          // its data: rows, cols, owner, cells, link, lesson, reading; + rooms
let rd = null;             // its data under the reading on show: count, hints, noAnswer, ideas
let cells = [], notes = [], history = {undo: [], redo: []};
let focus = 0, checking = false, lastHint = null;
let pending = null;        // what "Show what the rung proves" would draw, until confirmed
let shown = null;          // what it draws, once confirmed
let certs = null;          // the certificates of a solved Nondango board, when asked for
const ideasOn = new Set();
let busy = 0, loadId = 0;

// === asking: the server, or the data traced into the page ===
async function ask(path, body) {
  busy++;
  try {
    const response = await fetch(path, body === undefined ? {} :
      {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const answer = await response.json();
    if (!response.ok && !answer.error) answer.error = `the server answered ${response.status}`;
    return answer;
  } catch (e) {
    return {error: "the local server does not answer (was it stopped?)"};
  } finally { busy--; }
}
const served = {
  board: e => ask(`board?id=${e.id}`),
  reading: (e, r) => ask(`reading?id=${e.id}&reading=${encodeURIComponent(r)}`),
  deduce: request => ask("deduce", request),
  prove: request => ask("prove", request),
  certificates: request => ask("certificates", request),
  open: request => ask("open", request),
};
const traced = {
  board: e => Promise.resolve(DATA.boards[e.id]),
  reading: (e, r) => Promise.resolve(DATA.boards[e.id].readings[r]),
  deduce: request => Promise.resolve(tracedDeduce(request.level)),
  prove: request => Promise.resolve(tracedProve(request.level)),
  certificates: () => Promise.resolve({text: "Certificates are worked out by the local server: "
    + "run python -m tools.play to see them drawn (this page was written ahead, with --out)."}),
};
const api = SERVED ? served : traced;
const request = extra => ({id: entry.id, reading: $("reading").value, marks: cells.join(""), notes: notes.join(""), ...extra});

// === positions, as the labels drawn along the board name them (common.position) ===
function column(c) {
  let letters = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + (n - 1) % 26) + letters;
  return letters;
}
const pos = i => column(i % board.cols) + (Math.floor(i / board.cols) + 1);

// === the rules, transcribed from dosun_fuwari.violations and nondango.violations ===
// Each broken rule: its words, its kind (KINDS: how the list groups it), its cells, and
// for a whole room or region its index.
const KINDS = {
  "unheld balloon": "balloons with nothing holding them", "unheld iron": "iron balls with nothing under them",
  "no balloon": "rooms without a balloon", "no iron": "rooms without an iron ball",
  "balloons": "rooms with more than one balloon", "irons": "rooms with more than one iron ball",
  "no black": "regions without a black circle", "blacks": "regions with more than one black circle",
  "three black": "three black circles in a line", "line black": "lines with three or more black circles",
  "three white": "three white circles in a line",
};
function dfViolations(b, s, reading) {
  const out = [], C = b.cols;
  const above = (i, dr) => { const r = Math.floor(i / C) + dr;
    return r < 0 || r >= b.rows || b.owner[r * C + i % C] < 0 ? "#" : s[r * C + i % C]; };
  const held = (kind, n) => n === "#" || (reading === "official" && n === kind)
    || (reading === "loose" && (n === "o" || n === "*"));
  s.forEach((x, i) => {
    if (x === "o" && !held("o", above(i, -1))) out.push({rule: "a balloon with nothing holding it", kind: "unheld balloon", cells: [i]});
    if (x === "*" && !held("*", above(i, 1))) out.push({rule: "an iron ball with nothing under it", kind: "unheld iron", cells: [i]});
  });
  const PIECES = [["o", "a balloon", "balloons", "no balloon"], ["*", "an iron ball", "irons", "no iron"]];
  b.rooms.forEach((room, k) => PIECES.forEach(([piece, one, many, none]) => {
    const inside = room.filter(i => s[i] === piece);
    if (inside.length === 0) out.push({rule: `a room without ${one}`, kind: none, cells: [room[0]], room: k, whole: true});
    if (inside.length > 1) out.push({rule: `${inside.length} ${one.split(" ").slice(1).join(" ")}s in one room`, kind: many, cells: inside, room: k});
  }));
  return out;
}

function ndViolations(b, s, reading) {
  const out = [], R = b.rows, C = b.cols;
  const inside = (r, c) => r >= 0 && r < R && c >= 0 && c < C;
  const circle = (r, c) => inside(r, c) && b.cells[r * C + c] !== ".";
  b.rooms.forEach((region, k) => {
    const blacks = region.filter(i => s[i] === "#");
    if (blacks.length === 0) out.push({rule: "a region without a black circle", kind: "no black", cells: region, room: k, whole: true});
    if (blacks.length > 1) out.push({rule: `${blacks.length} black circles in one region`, kind: "blacks", cells: blacks, room: k});
  });
  const steps = reading === "no-diagonals" ? [[0, 1], [1, 0]] : [[0, 1], [1, 0], [1, 1], [1, -1]];
  for (const [dr, dc] of steps) for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    if (reading === "anywhere") {          // a whole line, from its first cell
      if (inside(r - dr, c - dc)) continue;
      const line = [];
      for (let y = r, x = c; inside(y, x); y += dr, x += dc) if (circle(y, x) && s[y * C + x] === "#") line.push(y * C + x);
      if (line.length >= 3) out.push({rule: "three or more black circles in one line", kind: "line black", cells: line});
      continue;
    }
    const three = [0, 1, 2].map(k => [r + k * dr, c + k * dc]);
    if (!three.every(([y, x]) => circle(y, x))) continue;
    const ids = three.map(([y, x]) => y * C + x), blacks = ids.filter(i => s[i] === "#").length;
    if (blacks === 3) out.push({rule: "three black circles in a line", kind: "three black", cells: ids});
    if (blacks === 0 && reading === "published") out.push({rule: "three white circles in a line", kind: "three white", cells: ids});
  }
  return out;
}

function violations(b, s, reading) { return (b.puzzle === DF ? dfViolations : ndViolations)(b, s, reading); }

// Where a broken rule is, in the board's labels: a cell (B3), a room or region by its first
// cell, pieces of one room (B2 and B5), a line from end to end (B2–D4).
function place(v) {
  if (v.whole) return pos(v.cells[0]);
  if (v.kind.startsWith("three") || v.kind === "line black") return `${pos(v.cells[0])}–${pos(v.cells[v.cells.length - 1])}`;
  const places = v.cells.map(pos);
  return places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places[places.length - 1]}` : places[0];
}
// The broken rules grouped by kind, SHOWN places each: [[kind words, count, text], ...].
function grouped(broken) {
  const groups = new Map();
  broken.forEach(v => groups.set(v.kind, [...(groups.get(v.kind) || []), place(v)]));
  return [...groups].map(([kind, places]) => [KINDS[kind], places.length,
    places.slice(0, SHOWN).join(", ") + (places.length > SHOWN ? ` and ${places.length - SHOWN} more` : "")]);
}
const solved = () => violations(board, cells, $("reading").value).length === 0;

// === the marks, the hints' notes, and their history (kept across reloads) ===
// A mark per cell: Dosun-Fuwari "." unmarked, "o" balloon, "*" iron ball, "x" marked empty,
// "#" black cell; Nondango "?" unpainted, "#" black, "o" white, "." no circle.  A note per
// cell: the fact code a hint drew there, or "-".
const SETS = {"o": "o", "*": "*", ".": ".", "_": "*.", "^": "o.", "+": "o*", "#": "#", "w": "w"};
const WORDS = {"o": "a balloon", "*": "an iron ball", ".": "empty", "_": "not a balloon", "^": "not an iron ball",
  "+": "not empty", "#": "its region's black circle", "w": "white"};
const DECIDED = {"o": "o", "*": "*", ".": "x", "#": "#", "w": "o"};      // fact code -> the mark it places

function start(b) {
  if (b.puzzle === DF) return b.owner.map(room => room < 0 ? "#" : ".");
  return [...b.cells].map(x => ({"B": "#", "W": "o", "o": "?", ".": "."})[x]);
}
const key = e => `play/${e.puzzle}/${e.collection}/${e.name}`;
function save() {
  try {
    localStorage.setItem(key(entry), JSON.stringify({cells: cells.join(""), notes: notes.join(""),
      undo: history.undo.slice(-KEPT), redo: history.redo.slice(-KEPT)}));
  } catch (e) { }
}
function load(e, b) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(key(e)) || "null"); } catch (err) { }
  const n = b.rows * b.cols, fits = pair => Array.isArray(pair) && pair.length === 2 && pair.every(s => typeof s === "string" && s.length === n);
  if (kept && typeof kept.cells === "string" && kept.cells.length === n && typeof kept.notes === "string" && kept.notes.length === n)
    return [[...kept.cells], [...kept.notes], {undo: (kept.undo || []).filter(fits), redo: (kept.redo || []).filter(fits)}];
  return [start(b), Array(n).fill("-"), {undo: [], redo: []}];
}
const snapshot = () => [cells.join(""), notes.join("")];
function forget() { lastHint = null; pending = null; shown = null; certs = null; }
function change(apply) {        // every change of the marks or notes: undoable, then saved
  history.undo.push(snapshot()); history.redo = [];
  apply(); save(); draw();
  if (on("certificates")) askCertificates().then(draw);
}
function restore(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  const [c, n] = from.pop();
  cells = [...c]; notes = [...n]; forget(); save(); draw();
}
const undo = () => restore(history.undo, history.redo), redo = () => restore(history.redo, history.undo);
function cycle(i) {
  const next = NEXT[board.puzzle][cells[i]];
  if (next === undefined || (board.cells && "BW".includes(board.cells[i]))) return;
  change(() => { cells[i] = next; pending = null; shown = null; certs = null; });
}
function reset() {
  if (!board || !confirm("Clear every mark and hint on this board? Undo brings them back.")) return;
  change(() => { cells = start(board); notes = Array(cells.length).fill("-"); forget(); checking = false; });
}

// === hints: asked of the server, or read off the trace in the page ===
const level = () => DATA.ladder[board.puzzle].findIndex(([name]) => name === $("rung").value);
const rungName = k => DATA.ladder[board.puzzle][k][0];
async function nextHint() {
  if (!rd) return;
  const id = loadId;
  pending = null; shown = null;
  const answer = await api.deduce(request({level: level()}));
  if (id !== loadId) return;
  if (answer.error) { lastHint = {text: answer.error, where: [], cell: null}; draw(); return; }
  if (answer.kind === "fact") {
    change(() => {
      notes[answer.cell] = answer.code;
      if (DECIDED[answer.code]) cells[answer.cell] = DECIDED[answer.code];
      lastHint = {text: answer.text, where: answer.where, cell: answer.cell};
    });
    return;
  }
  lastHint = {text: answer.text, where: answer.where || [], cell: null};
  draw();
}
async function showProof() {
  if (!rd) return;
  if (shown || pending) { pending = null; shown = null; lastHint = null; draw(); return; }
  const id = loadId;
  lastHint = null;
  const answer = await api.prove(request({level: level()}));
  if (id !== loadId) return;
  if (answer.error) { lastHint = {text: answer.error, where: [], cell: null}; draw(); return; }
  if (!answer.facts || !answer.facts.length) { lastHint = {text: answer.text, where: answer.where || [], cell: null}; draw(); return; }
  pending = answer;        // nothing is drawn until the player says so
  draw();
}
function confirmProof(yes) {
  if (yes && pending) shown = {facts: new Map(pending.facts), pinned: new Set(pending.pinned), text: pending.text};
  pending = null;
  draw();
}

// The static page's answers, read off the trace of deductions embedded for each board and
// reading (tools/play_ladder.py's `trace`: the facts in the order "Next deduction" gives
// them from the empty board), with the sentences the server would send.
function proved(k) {            // what rung k proves from the empty board: Map cell -> step, and its contradiction
  const facts = new Map();
  for (const step of rd.steps) { if (step[2] > k) return [facts, null]; facts.set(step[0], step); }
  return [facts, rd.end && rd.end[2] <= k ? rd.end : null];
}
function markSet(i) {           // what the player's mark allows at cell i ("" for no limit)
  const x = cells[i];
  if (board.puzzle === DF) return {"o": "o", "*": "*", "x": "."}[x] || "";
  return {"#": "#", "o": "w"}[x] || "";
}
function knownSet(i) {          // what the marks and the notes together allow at cell i
  const a = markSet(i), n = notes[i] === "-" ? "" : SETS[notes[i]];
  if (!a) return n; if (!n) return a;
  return [...a].filter(s => n.includes(s)).join("") || "!";
}
const implies = (known, code) => known !== "" && [...known].every(s => SETS[code].includes(s));
function markWords(i) {
  return board.puzzle === DF ? {"o": "balloon", "*": "iron ball", "x": "empty mark"}[cells[i]] || "note"
    : {"#": "black circle", "o": "white circle"}[cells[i]] || "note";
}
// Whether a broken rule stays broken however the open cells are filled: a room (region)
// every cell of which is marked without its piece, a piece whose holder is marked with
// something that cannot hold it, three circles all painted; not a missing piece while the
// room has an unmarked cell.
function settled(v) {
  if (v.whole) return board.rooms[v.room].every(i => cells[i] !== (board.puzzle === DF ? "." : "?"));
  if (v.kind === "unheld balloon" || v.kind === "unheld iron") {
    const r = Math.floor(v.cells[0] / board.cols) + (v.kind === "unheld balloon" ? -1 : 1);
    return r < 0 || r >= board.rows || cells[r * board.cols + v.cells[0] % board.cols] !== ".";
  }
  if (v.kind === "three white") return v.cells.every(i => cells[i] !== "?");
  return true;
}
const rungWords = k => `the ${rungName(k)} rung`;
const Rung = k => `The ${rungName(k)} rung`;
function places(list) {         // cells as a sentence lists them (play_ladder._places)
  const names = list.map(pos), more = names.length - 6;
  return names.slice(0, 6).join(", ") + (more > 0 ? ` and ${more} more` : "");
}
function cellsLeft(list) {
  return `${list.length} cell${list.length === 1 ? "" : "s"} left undecided` + (list.length ? ` (${places(list)})` : "");
}
function undecided() {          // the white cells (circles) the marks and notes do not fix yet
  return cells.map((x, i) => i).filter(i => (board.puzzle === DF ? board.owner[i] >= 0 : board.cells[i] !== ".")
    && knownSet(i).length !== 1);
}
function tracedBlocked(k) {
  if (rd.noAnswer) return rd.noAnswer.text;
  if (rd.hints.refusal) return rd.hints.refusal;
  if (k > rd.hints.top) return `No hints from ${rungWords(k)} under this reading: this page traces up to ${rungWords(rd.hints.top)}.`;
  const broken = violations(board, cells, $("reading").value).filter(settled);
  if (broken.length) return `Your marks break a rule for good (${broken[0].rule}, at ${place(broken[0])}); hints go on from marks that keep the rules.`;
  const [facts] = proved(k);
  for (const [i, step] of facts) {
    const known = knownSet(i);
    if (known === "!" || (known && ![...known].some(s => SETS[step[1]].includes(s))))
      return `Your ${markWords(i)} at ${pos(i)} contradicts what ${rungWords(k)} proves from the empty board: ${pos(i)} is ${WORDS[step[1]]}.`;
  }
  return null;
}
function tracedDeduce(k) {
  const why = tracedBlocked(k);
  if (why) return {kind: "blocked", text: why, where: rd.noAnswer ? rd.noAnswer.where : []};
  if (solved()) return {kind: "done", text: rd.solvedWords[k], where: []};
  const higher = rd.steps.findIndex(s => s[2] > k);
  const step = (higher < 0 ? rd.steps : rd.steps.slice(0, higher)).find(s => !implies(knownSet(s[0]), s[1]));
  if (step) return {kind: "fact", cell: step[0], code: step[1], level: step[2], text: step[3], where: step[4]};
  const stalls = `${Rung(k)} stalls here: ${cellsLeft(undecided())}`;
  return {kind: "stalled", where: [], text: higher >= 0
    ? `${stalls}; ${rungWords(rd.steps[higher][2])} goes on (pick it under Hint level).`
    : `${stalls}, and no rung above it proves more: ${countWords()}, so the rest is a choice.`};
}
function tracedProve(k) {
  const why = tracedBlocked(k);
  if (why) return {facts: [], text: why, where: rd.noAnswer ? rd.noAnswer.where : []};
  if (solved()) return {facts: [], text: rd.solvedWords[k], where: []};
  const [facts] = proved(k), total = board.rooms.length;
  const news = [...facts.values()].filter(s => !implies(knownSet(s[0]), s[1])).map(s => [s[0], s[1]]);
  const pinned = board.rooms.map((room, r) => (board.puzzle === DF
    ? room.every(i => facts.has(i) && DECIDED[facts.get(i)[1]]) : room.some(i => facts.has(i) && facts.get(i)[1] === "#")) ? r : -1).filter(r => r >= 0);
  const kind = board.puzzle === DF ? "rooms" : "regions", whole = pinned.length === total;
  return {facts: news, pinned, total, whole, where: [],
    text: `${Rung(k)} proves ${news.length} more fact${news.length === 1 ? "" : "s"} from the empty board, which decide every cell of ${pinned.length} of the ${total} ${kind}: `
      + (whole ? "that is the whole answer." : `${total - pinned.length} ${kind} are left for a higher rung (or a choice).`)};
}
const number = n => Number(n).toLocaleString("en");
const bigNumber = text => BigInt(text).toLocaleString("en");
function countWords() {
  if (rd.count === null) return rd.countWhy;
  const n = rd.count;
  return rd.capped ? `the board has ${number(n)} answers or more under this reading`
    : n === 0 ? "the board has no answer under this reading" : n === 1 ? "the board has 1 answer under this reading"
    : `the board has ${number(n)} answers under this reading`;
}

// === the write-ups' ideas: drawn from the data, each a toggle ===
const IDEA_KEYS = {"dosun-fuwari": ["runs", "starved", "placement"], "nondango": ["live", "dead", "certificates", "groups"]};
function fillIdeas() {
  const box = $("ideas");
  box.replaceChildren(...IDEA_KEYS[board.puzzle].map(name => {
    const [words, sentence, claims] = DATA.ideas[name];
    const div = document.createElement("div"), label = document.createElement("label");
    const box = document.createElement("input"), span = document.createElement("span");
    div.className = "idea"; box.type = "checkbox"; box.id = `idea-${name}`; box.checked = ideasOn.has(name);
    box.addEventListener("change", () => toggleIdea(name, box.checked));
    span.className = "claims"; span.textContent = ` (${claims})`;
    label.append(box, ` ${words}`, span);
    const p = document.createElement("p"), note = document.createElement("p");
    p.textContent = sentence; note.className = "detail"; note.id = `idea-${name}-detail`;
    div.append(label, p, note);
    return div;
  }));
}
async function toggleIdea(name, wanted) {
  if (wanted) ideasOn.add(name); else ideasOn.delete(name);
  if ($(`idea-${name}`)) $(`idea-${name}`).checked = wanted;
  if (name === "certificates" && wanted) await askCertificates();
  draw();
}
async function askCertificates() {
  certs = null;
  if (!solved()) { certs = {text: "Certificates are drawn once the board is solved: solve it (or let the hints) first."}; return; }
  const id = loadId;
  const answer = await api.certificates(request({}));
  if (id === loadId) certs = answer;
}
const on = name => ideasOn.has(name) && IDEA_KEYS[board.puzzle].includes(name) && rd && !rd.ideas.why;
const centre = i => at(i, .5, .5);
// A number on a small white label straddling the top edge of cell i, centred on its
// column: clear of the piece or circle in the cell and of the one above it.
function tab(i, text, cls, rectClass, textClass, data) {
  const [x, y] = at(i, .5, 0), wanted = .14 + .165 * String(text).length, w = Math.min(.94, wanted);
  const squeeze = wanted > w ? ` textLength="${w - .12}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<g class="idea-mark tab ${cls}">`
    + `<rect class="${rectClass}" ${data} x="${x - w / 2}" y="${y - .15}" width="${w}" height=".3" rx=".07"/>`
    + `<text class="${textClass}" ${data} x="${x}" y="${y + .01}"${squeeze}>${text}</text></g>`;
}
// A group's count on its tab: exact up to 9,999, then in thousands ("×20K+"), so that it
// fits one cell; the sentence under the toggle gives it exactly.
const shortCount = n => n < 10000 ? number(n) : `${number(Math.floor(n / 1000))}K`;
function ideaMarks() {           // [under the pieces, over them, the tabs over everything]
  let under = "", over = "", tabs = "";
  const ideas = rd.ideas;
  if (on("groups")) ideas.groups.forEach((g, k) => {
    const hue = (k * 137) % 360;
    g.regions.forEach(r => board.rooms[r].forEach(i => { const [x, y] = at(i, 0, 0);
      under += `<rect class="idea-mark group" data-group="${k}" data-cell="${y},${x}" x="${x}" y="${y}" width="1" height="1" fill="hsl(${hue},70%,60%)"/>`; }));
    const first = Math.min(...g.regions.flatMap(r => board.rooms[r]));
    tabs += tab(first, `×${shortCount(g.count)}${g.capped ? "+" : ""}`, "group-tab", "group-count", "group-count", `data-group="${k}"`);
  });
  if (on("starved")) ideas.starved.forEach(r => {
    board.rooms[r].forEach(i => { const [x, y] = at(i, 0, 0);
      under += `<rect class="idea-mark starved" data-room="${r}" data-cell="${y},${x}" x="${x}" y="${y}" width="1" height="1"/>`; });
  });
  if (on("runs")) ideas.runs.forEach((run, k) => {
    const [x, y] = at(run.top, .1, .16), [, yb] = at(run.bottom, 0, .92), [bx, by] = at(run.bottom, .5, 1);
    under += `<rect class="idea-mark run" data-run="${k}" data-cells="${run.cells.join(",")}" data-top="${run.top}" data-bottom="${run.bottom}" data-states="${run.states}" x="${x}" y="${y}" width=".8" height="${yb - y}" rx=".25"/>`;
    over += `<line class="idea-mark run-bottom" data-cell="${run.bottom}" x1="${bx - .22}" y1="${by - .06}" x2="${bx + .22}" y2="${by - .06}"/>`;
  });
  if (on("runs") || on("placement")) ideas.runs.forEach((run, k) => {
    tabs += tab(run.top, number(run.states), "run-tab", on("runs") ? "run-top" : "run-tab-box", "run-states",
      `data-run="${k}" data-cell="${run.top}"`);
  });
  const line = (cells, cls, extra) => { const [x1, y1] = centre(cells[0]), [x2, y2] = centre(cells[cells.length - 1]);
    return `<line class="idea-mark ${cls}" ${extra} x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`; };
  if (on("dead")) ideas.dead.forEach(t => {
    if (t.pair.length === 2) {
      const [a, b] = t.pair, [x1, y1] = centre(a), [x2, y2] = centre(b);
      over += `<line class="idea-mark shared" data-shared="${t.shared.join(",")}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
    }
    over += line(t.cells, "triple dead", `data-triple="${t.cells.join(",")}" data-shared="${t.shared.join(",")}"`);
    const [mx, my] = centre(t.cells[1]), [ax, ay] = centre(t.cells[0]), dx = ax - mx, dy = ay - my, n = Math.hypot(dx, dy) || 1;
    const px = -dy / n * .28, py = dx / n * .28;
    over += `<line class="idea-mark strike-dead" x1="${mx - px + dx / n * .12}" y1="${my - py + dy / n * .12}" x2="${mx + px - dx / n * .12}" y2="${my + py - dy / n * .12}"/>`;
  });
  if (on("live")) ideas.live.forEach(t => { over += line(t, "triple live", `data-triple="${t.join(",")}"`); });
  if (on("certificates") && certs && certs.found) certs.found.forEach(c => c.triples.forEach(t => {
    over += line(t, "certificate", `data-cell="${c.cell}" data-triple="${t.join(",")}"`);
    const [x, y] = centre(c.cell);
    over += `<circle class="idea-mark certified" data-cell="${c.cell}" cx="${x}" cy="${y}" r=".42"/>`;
  }));
  return [under, over, tabs];
}
// An idea's sentence under its toggle, as text and (for a power of ten) a superscript.
function ideaDetail(name) {
  const ideas = rd.ideas, reading = $("reading").value, lines = ideas.unit === "line";
  if (name === "runs") return [`${ideas.runs.length} runs: outlined, the tab on each run-top giving its number of states under the ${reading} reading, each run-bottom barred.`];
  if (name === "starved") return [ideas.starved.length ? `${ideas.starved.length} starved room${ideas.starved.length > 1 ? "s" : ""} (shaded orange): ${ideas.starved.map(r => pos(board.rooms[r][0])).join(", ")}.`
    : "No starved room: every room holds a run-top, so each picks its balloon from its own tops (DF-12)."];
  if (name === "placement") {
    const product = `${ideas.runs.map(r => number(r.states)).join(" × ")} = ${bigNumber(ideas.placement.value)} placements`;
    if (ideas.placement.log10 === null) return [product + " before the rooms say a word."];
    const sup = document.createElement("sup");
    sup.textContent = String(ideas.placement.log10);
    return [product + " (about 10", sup, ") before the rooms say a word."];
  }
  if (name === "live") return [lines ? `${number(ideas.live.length)} live lines, drawn end to end: under the anywhere reading any three circles of a line are a triple, and ${number(ideas.liveTriples)} of them touch three regions.`
    : `${number(ideas.live.length)} live triples (lines through their circles).`];
  if (name === "dead") return [lines ? `${number(ideas.dead.length)} line${ideas.dead.length === 1 ? "" : "s"} whose every triple is dead (dashed, struck through); ${number(ideas.deadTriples)} dead triples in all, most of them on live lines.`
    : `${number(ideas.dead.length)} dead triples (dashed, struck through; the thick grey bar joins the two circles that share a region).`];
  if (name === "groups") return [`${ideas.groups.length} group${ideas.groups.length > 1 ? "s" : ""}: `
    + ideas.groups.map(g => number(g.count) + (g.capped ? "+" : "")).join(" × ") + ` = ${ideas.product.capped ? "at least " : ""}${bigNumber(ideas.product.value)} answer${ideas.product.value === "1" ? "" : "s"}, the board's count (each group tinted, its count on a tab at its first cell).`];
  if (name === "certificates") return [certs ? certs.text || "" : ""];
  return [];
}
function ideaDetails() {
  IDEA_KEYS[board.puzzle].forEach(name => {
    const detail = $(`idea-${name}-detail`);
    if (!detail) return;
    const ideas = rd && rd.ideas, note = DATA.readingNotes[`${name}/${$("reading").value}`] || "";
    let parts = ideas && ideas.why && ideasOn.has(name) ? [ideas.why] : [];
    if (on(name)) parts = ideaDetail(name);
    if (ideasOn.has(name) && note) parts = [...parts, (parts.length ? " " : "") + note];
    detail.replaceChildren(...parts);
  });
}

// === drawing ===
const at = (i, dx, dy) => [i % board.cols + dx, Math.floor(i / board.cols) + dy];
function circle(i, r, cls) { const [x, y] = at(i, .5, .5); return `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`; }
// A fact drawn by a hint: over a piece that agrees with it, a blue ring; elsewhere a blue
// mark a little under half a cell across (open circle balloon or white, filled iron ball or
// black, cross empty, struck through "not").
function proofGlyph(i, code, kind) {
  const [x, y] = at(i, .5, .5), fact = DATA.facts[code], base = {"_": "o", "^": "*", "+": "."}[code] || code;
  const placed = DECIDED[code] && cells[i] === DECIDED[code] && !(board.puzzle === DF && code === ".");
  let g = placed ? `<circle class="ring" cx="${x}" cy="${y}" r=".42"/>`
    : {"o": `<circle class="open" cx="${x}" cy="${y}" r=".22"/>`, "w": `<circle class="open" cx="${x}" cy="${y}" r=".22"/>`,
       "*": `<circle cx="${x}" cy="${y}" r=".22"/>`, "#": `<circle cx="${x}" cy="${y}" r=".22"/>`,
       ".": `<path class="cross" d="M${x - .2} ${y - .2}l.4 .4m0 -.4l-.4 .4"/>`}[base];
  if (!placed && base !== code) g += `<path class="strike" d="M${x - .3} ${y + .3}l.6 -.6"/>`;
  return `<g class="proof ${kind}" data-cell="${at(i, 0, 0).reverse()}" data-fact="${fact}">${g}</g>`;
}
const PATTERN = `<defs><pattern id="hatch" width=".25" height=".25" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
  + `<rect width=".1" height=".25" fill="#e0506a" fill-opacity=".55"/></pattern></defs>`;
function draw() {
  if (!board) return;
  const b = board, C = b.cols, reading = $("reading").value;
  const broken = violations(b, cells, reading);
  const pinned = shown ? shown.pinned : new Set();
  const wrong = checking ? broken.filter(settled) : [];     // what more marks cannot mend
  const badRooms = new Set(wrong.filter(v => v.whole).map(v => v.room));
  const reason = new Set(lastHint ? lastHint.where : []);
  const [under, over, tabs] = rd ? ideaMarks() : ["", "", ""];
  let svg = "";
  cells.forEach((x, i) => {
    const [cx, cy] = at(i, 0, 0), room = b.owner[i];
    const cls = room < 0 ? "black" : pinned.has(room) ? "pinned" : "";
    svg += `<rect class="cell ${cls}" data-i="${i}" data-cell="${cy},${cx}" data-state="${x}" x="${cx}" y="${cy}" width="1" height="1"/>`;
  });
  svg += under;
  cells.forEach((x, i) => {
    const [cx, cy] = at(i, 0, 0), room = b.owner[i];
    if (room >= 0 && badRooms.has(room)) svg += `<rect class="broken-room" x="${cx}" y="${cy}" width="1" height="1"/>`;
    if (reason.has(i)) svg += `<rect class="reason" data-cell="${cy},${cx}" x="${cx + .04}" y="${cy + .04}" width=".92" height=".92"/>`;
  });
  cells.forEach((x, i) => {                 // walls between rooms (regions)
    const [cx, cy] = at(i, 0, 0);
    if (cx + 1 < C && b.owner[i + 1] !== b.owner[i]) svg += `<line class="wall" x1="${cx + 1}" y1="${cy}" x2="${cx + 1}" y2="${cy + 1}"/>`;
    if (cy + 1 < b.rows && b.owner[i + C] !== b.owner[i]) svg += `<line class="wall" x1="${cx}" y1="${cy + 1}" x2="${cx + 1}" y2="${cy + 1}"/>`;
  });
  svg += `<rect class="frame" x="0" y="0" width="${C}" height="${b.rows}"/>`;
  for (let c = 0; c < C; c++) svg += `<text class="label" data-label="column" x="${c + .5}" y="-.45">${column(c)}</text>`;
  for (let r = 0; r < b.rows; r++) svg += `<text class="label" data-label="row" x="-.4" y="${r + .5}">${r + 1}</text>`;
  cells.forEach((x, i) => {
    if (b.puzzle === DF) {
      if (x === "o") svg += circle(i, .3, "piece balloon"); if (x === "*") svg += circle(i, .3, "piece iron");
      if (x === "x") svg += circle(i, .07, "piece empty-mark");
      return;
    }
    if (x === ".") return;
    svg += circle(i, .3, "piece " + {"#": "nd-black", "o": "white", "?": "unpainted"}[x]);
    if ("BW".includes(b.cells[i])) svg += circle(i, .4, "piece given-ring");
  });
  svg += over;
  if (shown) shown.facts.forEach((code, i) => { svg += proofGlyph(i, code, "shown"); });
  notes.forEach((code, i) => { if (code !== "-" && !(shown && shown.facts.has(i))) svg += proofGlyph(i, code, "note" + (lastHint && lastHint.cell === i ? " last" : "")); });
  wrong.filter(v => !v.whole).forEach(v => v.cells.forEach(i => {   // a whole room is hatched instead
    const [x, y] = at(i, .08, .08);
    svg += `<rect class="broken" data-cell="${at(i, 0, 0).reverse()}" x="${x}" y="${y}" width=".84" height=".84"/>`;
  }));
  svg += tabs;
  const [fx, fy] = at(focus, .05, .05);
  svg += `<rect class="focus" x="${fx}" y="${fy}" width=".9" height=".9"/>`;
  const grid = $("grid");
  grid.setAttribute("viewBox", `-0.85 -0.85 ${C + 0.95} ${b.rows + 0.95}`);
  grid.style.maxWidth = `${5.5 * (C + 1)}rem`;     // a small board stays small; a large one fills the height
  grid.innerHTML = PATTERN + svg;
  report(broken, reading);
}

function report(broken, reading) {
  const legal = broken.length === 0;
  const wrong = broken.filter(settled), open = broken.filter(v => !settled(v));
  $("status").textContent = !rd ? "Loading…" : legal ? "Solved." : "Not solved yet.";
  $("status").dataset.solved = String(legal);
  $("check").setAttribute("aria-pressed", String(checking));
  $("check").textContent = checking ? "Stop checking" : "Check";
  $("details").textContent = !checking ? "" : legal ? `No rule of the ${reading} reading is broken.`
    : wrong.length ? `${wrong.length} broken rule${wrong.length > 1 ? "s" : ""} of the ${reading} reading, by kind (marked on the board):`
    : `Nothing is wrong so far under the ${reading} reading.`;
  $("problems").replaceChildren(...(checking ? grouped(wrong) : []).map(([kind, count, places]) => {
    const li = document.createElement("li");
    li.textContent = `${kind} (${count}): ${places}`;
    return li;
  }));
  $("open-rules").textContent = checking && open.length ? "Still to do (more marks can mend these): "
    + grouped(open).map(([kind, count, places]) => open.find(v => KINDS[v.kind] === kind).whole
      ? `${kind} (${count})` : `${kind} yet (${count}): ${places}`).join("; ") + "." : "";
  const [name, rule] = DATA.ladder[board.puzzle][level()];
  $("rung-rule").textContent = `The ${name} rung: ${rule}`;
  $("show").setAttribute("aria-pressed", String(Boolean(shown || pending)));
  $("confirm").hidden = !pending;
  $("confirm-text").textContent = pending ? `${pending.text} Draw them?` : "";
  $("hint-text").textContent = lastHint ? lastHint.text : shown ? shown.text : "";
  $("undo").disabled = !history.undo.length; $("redo").disabled = !history.redo.length;
  $("rules").textContent = DATA.rules[board.puzzle][reading];
  $("reading-note").textContent = rd ? readingNote() : "";
  if (board.puzzle === DF) document.querySelectorAll("[data-held]").forEach(span => {
    span.textContent = DATA.held[reading][span.dataset.held === "balloon" ? 0 : 1]; });
  showReadingWhy();
  showLessonRung();
  ideaDetails();
}
// Why the board is under the reading on show, or, when it is meant for another (its
// file's reading: line, or the rule puzz.link checks for a board from a link), which,
// with a button that switches to it.
function showReadingWhy() {
  const line = $("reading-why"), reading = $("reading").value, own = board.reading;
  line.replaceChildren();
  if (!own) return;
  if (own === reading) { line.append(`Reading ${reading}: ${board.readingWhy}.`); return; }
  line.append(`This board is meant for the ${own} reading (${board.readingWhy}); you are playing it under ${reading}. `);
  const button = document.createElement("button");
  button.type = "button"; button.id = "own-reading"; button.textContent = `Play it under ${own}`;
  button.addEventListener("click", () => { $("reading").value = own; pickReading(); });
  line.append(button);
}
function readingNote() {
  if (rd.noAnswer) return rd.noAnswer.text;
  if (rd.count === null) return rd.countWhy;
  const count = countWords().replace("the board has", "This board has") + ".";
  return rd.hints.refusal ? `${count} ${rd.hints.refusal}` : count;
}
function showLink() {
  const line = $("link-line"), link = board.link;
  line.replaceChildren();
  if (link.url) {
    const a = document.createElement("a");
    a.id = "link"; a.href = link.url; a.rel = "noreferrer noopener"; a.target = "_blank"; a.textContent = "open on puzz.link";
    line.append(a);
    if (link.why) line.append(` — ${link.why}`);
    return;
  }
  line.append(link.why);
  const instead = link.instead && DATA.boards.find(e => e.collection === "published" && e.name === link.instead);
  if (instead) {
    const button = document.createElement("button");
    button.type = "button"; button.id = "instead"; button.textContent = `Play ${instead.name} instead`;
    button.addEventListener("click", () => choose(instead.puzzle, instead.collection, instead.name, "published"));
    line.append(" ", button);
  }
}
function showLesson() {
  const lesson = board.lesson;
  $("lesson").hidden = !lesson;
  if (!lesson) return;
  $("lesson-note").textContent = lesson.note;
  $("lesson-claims").replaceChildren(...lesson.claims.map(([id, statement]) => {
    const li = document.createElement("li"), b = document.createElement("b");
    b.textContent = id; li.append(b, `: ${statement}`);
    return li;
  }));
  const look = $("lesson-look");
  look.replaceChildren();
  if (lesson.look.length) look.append("Look at: ");
  lesson.look.forEach(name => {
    const button = document.createElement("button");
    button.type = "button"; button.textContent = DATA.ideas[name][0]; button.dataset.idea = name;
    button.addEventListener("click", () => toggleIdea(name, true));
    look.append(button, " ");
  });
}
// The hint level a lesson board opens at under the reading on show (its grade), and a
// button back to it once the player picked another.
function lessonRung() { return board.lesson && board.lesson.rungs[$("reading").value] || null; }
function showLessonRung() {
  const line = $("lesson-rung"), rung = lessonRung();
  line.replaceChildren();
  if (!rung) return;
  line.append(rung.text);
  if (level() === rung.level) return;
  const button = document.createElement("button");
  button.type = "button"; button.dataset.rung = rung.level; button.textContent = `Hint level ${rungName(rung.level)}`;
  button.addEventListener("click", () => { $("rung").selectedIndex = rung.level; rungTouched = true; forget(); draw(); });
  line.append(" ", button);
}

// === pickers: puzzle, reading, collection, size (the bank's), board ===
// The reading a board opens under: the one the player last picked on this board; else the
// one the player last picked for this puzzle; else the board's own (its file's reading:
// line, or for a board from a link the rule puzz.link checks); else the puzzle's default.
// A board added from a link or a file opens under its own reading the first time.
const readingKey = e => `play/reading/${e.puzzle}/${e.collection}/${e.name}`;
const puzzleReadingKey = puzzle => `play/reading/${puzzle}`;
function stored(name) { try { return localStorage.getItem(name); } catch (e) { return null; } }
function store(name, value) { try { localStorage.setItem(name, value); } catch (e) { } }
function readingFor(e, b) {
  if (e.collection === "added" && b.readingWhy && stored(readingKey(e)) === null) store(readingKey(e), b.reading);
  const known = r => r && DATA.readings[e.puzzle].includes(r);
  return [stored(readingKey(e)), stored(puzzleReadingKey(e.puzzle)), b.reading].find(known) || DATA.readings[e.puzzle][0];
}
function picked(e, reading) {   // the player picked a reading: for this board and, from now on, this puzzle
  store(readingKey(e), reading); store(puzzleReadingKey(e.puzzle), reading);
}
function fill(select, items) { select.replaceChildren(...items.map(([value, text]) => new Option(text, value))); }
const puzzleBoards = () => DATA.boards.filter(b => b.puzzle === $("puzzle").value);
function offered() {        // the collections this puzzle has
  const here = new Set(puzzleBoards().map(b => b.collection));
  return DATA.collections.filter(([key]) => here.has(key));
}
function showPuzzle(puzzle) {
  fill($("reading"), DATA.readings[puzzle].map((r, k) => [r, k ? r : r + " (default)"]));
  fill($("rung"), DATA.ladder[puzzle].map(([name]) => [name, name]));
  document.querySelectorAll("[data-puzzle]").forEach(e => { e.hidden = e.dataset.puzzle !== puzzle; });
  $("open-link").placeholder = DATA.placeholder[puzzle];
}
function pickPuzzle() {
  showPuzzle($("puzzle").value);
  fill($("collection"), offered());
  return pickCollection();
}
function pickReading() {
  if (entry) picked(entry, $("reading").value);
  forget();
  remember();
  return board ? loadReading() : null;
}
function pickCollection() {
  const sized = SIZED.includes($("collection").value);
  const sizes = [...new Set(puzzleBoards().filter(b => b.collection === $("collection").value).map(b => b.size))];
  $("size-label").hidden = !sized || !sizes.length;
  fill($("size"), sizes.map(s => [s, s ? s.replace("x", "×") : "other"]));
  return pickSize();
}
const boardLabel = (b, sized) => sized || !b.size || b.name.includes(b.size.replace("x", "×")) ? b.name
  : `${b.name} (${b.size.replace("x", "×")})`;
function pickSize() {
  const collection = $("collection").value, sized = SIZED.includes(collection);
  fill($("board"), puzzleBoards().filter(b => b.collection === collection && (!sized || String(b.size) === $("size").value))
    .map(b => [b.id, boardLabel(b, sized)]));
  return pickBoard();
}
let rungTouched = false;       // the player picked a hint level on the board on show
async function pickBoard() {
  const e = DATA.boards[+$("board").value];
  if (!e) { $("status").textContent = "No boards here."; return; }
  const id = ++loadId;
  entry = e; board = null; rd = null; forget(); checking = false; certs = null; rungTouched = false;
  $("status").textContent = "Loading…";
  const data = await api.board(e);
  if (id !== loadId) return;
  if (data.error) { $("status").textContent = data.error; $("grid").innerHTML = ""; return; }
  board = {...data, rooms: []};
  board.owner.forEach((room, i) => { if (room >= 0) (board.rooms[room] = board.rooms[room] || []).push(i); });
  [cells, notes, history] = load(e, board);
  focus = 0;
  $("source").textContent = board.source;
  $("reading").value = readingFor(e, board);
  fillIdeas(); showLink(); showLesson();
  remember(); draw();
  return loadReading();
}
async function loadReading() {
  const id = ++loadId, reading = $("reading").value;
  rd = null; forget(); draw();
  const data = await api.reading(entry, reading);
  if (id !== loadId) return;
  if (data.error) { $("status").textContent = data.error; return; }
  rd = data;
  const kept = rememberedRung(), top = rd.hints.top, lesson = lessonRung();
  let start = kept !== null && kept <= top ? kept : rd.hints.default;
  if (lesson && !rungTouched && lesson.level <= top) start = lesson.level;     // a lesson opens at its own rung
  if (start !== null && start >= 0) $("rung").selectedIndex = start;
  if (on("certificates")) await askCertificates();
  draw();
}
function remember() {         // the board on show, for the next visit
  store("play/last", JSON.stringify({puzzle: entry.puzzle, collection: entry.collection, name: entry.name}));
}
const rungKey = () => `play/rung/${board.puzzle}/${$("reading").value}`;
function rememberRung() { store(rungKey(), $("rung").value); }
function rememberedRung() {
  const name = stored(rungKey()), k = DATA.ladder[board.puzzle].findIndex(([n]) => n === name);
  return k >= 0 ? k : null;
}

// Pick a board by names (the next visit, a board named on the command line, "Play … instead",
// the tests); with `reading`, as if the player picked that reading on it.
async function choose(puzzle, collection, name, reading) {
  const e = DATA.boards.find(b => b.puzzle === puzzle && b.collection === collection && b.name === name);
  if (!e) return false;
  $("puzzle").value = puzzle;
  showPuzzle(puzzle);
  if (reading && DATA.readings[puzzle].includes(reading)) picked(e, reading);
  fill($("collection"), offered());
  $("collection").value = collection;
  const sizes = [...new Set(puzzleBoards().filter(b => b.collection === collection).map(b => b.size))];
  $("size-label").hidden = !SIZED.includes(collection) || !sizes.length;
  fill($("size"), sizes.map(s => [s, s ? s.replace("x", "×") : "other"]));
  $("size").value = String(e.size);
  fill($("board"), puzzleBoards().filter(b => b.collection === collection && (!SIZED.includes(collection) || b.size === e.size))
    .map(b => [b.id, boardLabel(b, SIZED.includes(collection))]));
  $("board").value = e.id;
  await pickBoard();
  return true;
}

// === opening a link or a board file (served only) ===
async function openBoard(body) {
  $("open-status").textContent = "";
  const answer = await api.open(body);
  if (answer.error) { $("open-status").textContent = answer.error; return; }
  DATA.boards.push(answer.entry);
  await choose(answer.entry.puzzle, answer.entry.collection, answer.entry.name);
}

$("puzzle").addEventListener("change", pickPuzzle);
$("reading").addEventListener("change", pickReading);
$("collection").addEventListener("change", pickCollection);
$("size").addEventListener("change", pickSize);
$("board").addEventListener("change", pickBoard);
$("rung").addEventListener("change", () => { forget(); rungTouched = true; rememberRung(); draw(); });
$("next").addEventListener("click", nextHint);
$("show").addEventListener("click", showProof);
$("confirm-yes").addEventListener("click", () => confirmProof(true));
$("confirm-no").addEventListener("click", () => confirmProof(false));
$("check").addEventListener("click", () => { checking = !checking; draw(); });
$("reset").addEventListener("click", reset);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("open").addEventListener("click", () => { const link = $("open-link").value.trim(); if (link) openBoard({link}); });
$("open-link").addEventListener("keydown", e => { if (e.key === "Enter") $("open").click(); });
$("open-file").addEventListener("change", () => {
  const file = $("open-file").files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => openBoard({name: file.name, text: String(reader.result)});
  reader.readAsText(file);
});
document.addEventListener("keydown", e => {
  if (!(e.ctrlKey || e.metaKey) || !board || e.target.tagName === "INPUT") return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) undo(); else if (k === "y" || (k === "z" && e.shiftKey)) redo(); else return;
  e.preventDefault();
});
$("grid").addEventListener("click", e => {
  const cell = e.target.closest("[data-i]");
  if (!cell || !board) return;
  focus = +cell.dataset.i;
  cycle(focus);
});
$("grid").addEventListener("keydown", e => {
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (!board || e.ctrlKey || e.metaKey) return;
  if (moves[e.key]) {
    const r = Math.min(board.rows - 1, Math.max(0, Math.floor(focus / board.cols) + moves[e.key][0]));
    const c = Math.min(board.cols - 1, Math.max(0, focus % board.cols + moves[e.key][1]));
    focus = r * board.cols + c; draw();
  } else if (e.key === " " || e.key === "Enter") cycle(focus);
  else return;
  e.preventDefault();
});
window.play = {     // what the tests read and do, as a player would see it
  choose, state: () => cells.join(""), notes: () => notes.join(""), focus: () => focus,
  hint: () => lastHint, level, idle: () => busy === 0 && (board === null || rd !== null),
  ideas: () => rd && rd.ideas, certificates: () => certs, board: () => board, reading: () => rd,
  index: (puzzle, collection, name) => (DATA.boards.find(b => b.puzzle === puzzle && b.collection === collection && b.name === name) || {id: -1}).id,
  violations: (s, reading) => violations(board, [...s], reading)     // on the board on show
    .map(v => v.cells.map(i => [Math.floor(i / board.cols), i % board.cols])),
};
async function begin() {
  $("open-controls").hidden = !SERVED;
  $("about-hints").textContent = SERVED ? "The hints and ideas are worked out by ladder.py and the puzzle modules, from your marks, by the local server."
    : "The hints are ladder.py's proofs from the empty board, traced when this page was written.";
  if (!DATA.boards.length) { $("status").textContent = "No boards were found."; return; }
  let last = null;
  try { last = JSON.parse(localStorage.getItem("play/last") || "null"); } catch (e) { }
  const first = DATA.first !== null && DATA.first !== undefined ? DATA.boards[DATA.first] : null;
  if (first && await choose(first.puzzle, first.collection, first.name)) return;
  if (last && await choose(last.puzzle, last.collection, last.name)) return;
  await pickPuzzle();
}
begin();
