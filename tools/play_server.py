"""The play page's local server: the standard library's `http.server`, bound to 127.0.0.1
on a free port, answering only requests that carry its random token as the first part of
the path and name it by its own address in the Host header, so that no other page, site
or machine can use it (a page elsewhere cannot learn the token; a DNS-rebound name fails
the Host check).  Refusals: 403 for a missing or wrong token, 421 for another Host, 403
for a request from another origin.

Routes, under http://127.0.0.1:PORT/TOKEN/ (JSON in and out; cells as indices in
reading order, marks and notes as tools/play_ladder.py spells them):

    GET  ./                 the page (tools/play_page.py), with the index of boards
    GET  ./play.css, ./play.js   its style and script
    GET  ./board?id=K       what the page is told of board K (play_boards.board_data)
    GET  ./reading?id=K&reading=R    … of board K under reading R (play_boards.reading_data)
    POST ./deduce   {id, reading, level, marks, notes} → the next deduction (a Hint)
    POST ./prove    {id, reading, level, marks, notes} → what the rung proves, and the
                    sentence the page asks with before it draws any of it
    POST ./certificates  {id, reading, marks} → each white circle's certificates, solved
    POST ./open     {link} or {name, text} → a board added to the index

A board's answer is never sent: the page judges the marks by the rules, and the hints
are the ladder's deductions from them.  An error in a request the page sent well (a board
file that does not parse, say) is a 200 answer {"error": sentence}, shown on the page;
a malformed request is a 400.
"""

from __future__ import annotations

import http.server
import json
import secrets
import threading
import urllib.parse

import common
import ladder
import nondango as nd
from plumbing import files
from tools import play_boards, play_ideas, play_ladder, play_page

__all__ = ["PlayServer", "Handler", "BODY_LIMIT"]

BODY_LIMIT = files.MAX_FILE_BYTES + 64 * 1024   # a board file's text, and the JSON around it


class PlayServer(http.server.ThreadingHTTPServer):
    """The server of one page: its `entries` (the index, which opened boards extend), its
    `token`, and its `url`.  Binds 127.0.0.1 only; `port` 0 takes a free one."""

    daemon_threads = True

    def __init__(self, entries: list, port: int = 0, first: int | None = None) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.token = secrets.token_urlsafe(18)
        self.entries = list(entries)
        self.first = first
        self.lock = threading.Lock()          # guards `entries` while a board is opened
        self.port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.origins = {f"http://{host}" for host in self.hosts}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{self.token}/"


class BadRequest(Exception):
    """A request the page would not send: a 400 with the sentence."""


class Handler(http.server.BaseHTTPRequestHandler):
    """One request: checked (token, Host, origin), then routed."""

    server: PlayServer
    server_version = "play.py"

    def log_message(self, format: str, *args) -> None:   # no line per request on the terminal
        pass

    # --- answering ---

    def _send(self, status: int, body: bytes, kind: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, data: object, status: int = 200) -> None:
        self._send(status, json.dumps(data).encode("utf-8"), "application/json; charset=utf-8")

    def _refuse(self, status: int, words: str) -> None:
        self._send(status, (words + "\n").encode("utf-8"), "text/plain; charset=utf-8")

    # --- checking ---

    def _route(self) -> tuple[str, dict] | None:
        """(the route after the token, the query), or None after refusing the request."""
        if self.headers.get("Host", "") not in self.server.hosts:
            self._refuse(421, "play.py answers only requests addressed to 127.0.0.1 or localhost "
                              "on its own port")
            return None
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.server.origins:
            self._refuse(403, "play.py answers only its own page")
            return None
        parts = urllib.parse.urlsplit(self.path)
        head, _, rest = parts.path.lstrip("/").partition("/")
        if not secrets.compare_digest(head, self.server.token):
            self._refuse(403, "play.py answers only requests that carry its token: open the "
                              "address it printed")
            return None
        return rest, dict(urllib.parse.parse_qsl(parts.query))

    def _body(self) -> dict:
        length = self.headers.get("Content-Length", "")
        if not length.isdigit() or int(length) > BODY_LIMIT:
            raise BadRequest("a JSON body of known length, at most a board file's size, expected")
        try:
            body = json.loads(self.rfile.read(int(length)).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise BadRequest("the body is not JSON") from None
        if not isinstance(body, dict):
            raise BadRequest("the body is not a JSON object")
        return body

    def _entry(self, value) -> play_boards.Entry:
        with self.server.lock:
            entries = self.server.entries
            if not (isinstance(value, int) or (isinstance(value, str) and value.isdigit())) \
                    or not 0 <= int(value) < len(entries):
                raise BadRequest("no such board")
            return entries[int(value)]

    # --- the routes ---

    def do_GET(self) -> None:
        self._answer(False)

    def do_HEAD(self) -> None:
        self._answer(False)

    def do_POST(self) -> None:
        self._answer(True)

    def _answer(self, post: bool) -> None:
        found = self._route()
        if found is None:
            return
        route, query = found
        try:
            if not post and route == "":
                with self.server.lock:
                    data = play_page.index_data(self.server.entries, "served", self.server.first)
                self._send(200, play_page.page(data, served=True).encode("utf-8"),
                           "text/html; charset=utf-8",
                           {"Content-Security-Policy": play_page.SERVED_POLICY})
            elif not post and route in play_page.RESOURCES:
                name, kind = play_page.RESOURCES[route]
                self._send(200, play_page.resource(name).encode("utf-8"), f"{kind}; charset=utf-8")
            elif not post and route in ("board", "reading"):
                self._json(self._board(route, query))
            elif post and route in ("deduce", "prove", "certificates", "open"):
                self._json(getattr(self, f"_{route}")(self._body()))
            else:
                known = ("deduce", "prove", "certificates", "open", "board", "reading")
                self._refuse(404 if route not in known else 405, "no such page")
        except BadRequest as error:
            self._json({"error": str(error)}, 400)
        except (common.BoardError, ValueError) as error:
            self._json({"error": str(error).splitlines()[0]})

    def _board(self, route: str, query: dict) -> dict:
        entry = self._entry(query.get("id"))
        if route == "board":
            with self.server.lock:
                entries = list(self.server.entries)
            return play_boards.board_data(entry, entries)
        reading = query.get("reading")
        if reading not in play_boards.readings(entry.puzzle):
            raise BadRequest("no such reading")
        return play_boards.reading_data(entry.board, reading)

    def _play(self, body: dict) -> tuple:
        """The board, reading, level, marks and notes of a hint request."""
        entry = self._entry(body.get("id"))
        reading, level = body.get("reading"), body.get("level")
        if reading not in play_boards.readings(entry.puzzle):
            raise BadRequest("no such reading")
        if not isinstance(level, int) or not 0 <= level < len(ladder.LADDER[entry.puzzle]):
            raise BadRequest("no such level")
        marks, notes = body.get("marks"), body.get("notes")
        if not isinstance(marks, str) or not isinstance(notes, str):
            raise BadRequest("marks and notes expected")
        return entry.board, reading, level, marks, notes

    def _deduce(self, body: dict) -> dict:
        board, reading, level, marks, notes = self._play(body)
        hint = play_ladder.next_deduction(board, reading, level, marks, notes)
        return {"kind": hint.kind, "text": hint.text, "level": hint.level, "code": hint.code,
                "cell": None if hint.cell is None else hint.cell[0] * board.cols + hint.cell[1],
                "where": [r * board.cols + c for r, c in hint.where]}

    def _prove(self, body: dict) -> dict:
        board, reading, level, marks, notes = self._play(body)
        shown = play_ladder.what_the_rung_proves(board, reading, level, marks, notes)
        return {"facts": [[r * board.cols + c, code] for (r, c), code in shown.facts.items()],
                "pinned": list(shown.pinned), "total": shown.total, "whole": shown.whole,
                "text": shown.text, "where": [r * board.cols + c for r, c in shown.where]}

    def _certificates(self, body: dict) -> dict:
        entry = self._entry(body.get("id"))
        reading, marks = body.get("reading"), body.get("marks")
        board = entry.board
        if not isinstance(board, nd.Board):
            raise BadRequest("certificates are Nondango's")
        if (reading not in nd.READINGS or not isinstance(marks, str)
                or len(marks) != board.rows * board.cols):
            raise BadRequest("a reading and the marks expected")
        black = frozenset(divmod(i, board.cols) for i, mark in enumerate(marks) if mark == "#")
        found = play_ideas.certificates(board, reading, black)
        if found is None:
            return {"found": None, "text": "Certificates are drawn once the board is solved."}
        return {"found": found, "text": play_ideas.certificate_words(board, found)}

    def _open(self, body: dict) -> dict:
        link, text, name = body.get("link"), body.get("text"), body.get("name")
        if isinstance(link, str) and link.strip():
            source, file_name = link, None
        elif isinstance(text, str) and isinstance(name, str) and name:
            source, file_name = text, name
        else:
            raise BadRequest("a link, or a file's name and text, expected")
        with self.server.lock:
            entry = play_boards.opened(source, file_name, self.server.entries)
            self.server.entries.append(entry)
            k = len(self.server.entries) - 1
        return {"entry": {"id": k, "name": entry.name, "puzzle": entry.puzzle,
                          "collection": entry.collection, "size": entry.size}}
