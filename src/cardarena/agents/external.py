"""External bots: any program that speaks the JSON-lines protocol of docs/protocol.md on stdin/stdout.

`cmd:"python3 my_bot.py"` or a manifest (`bot:my_bot.toml`) names one wherever an agent is accepted.
Each game starts a fresh process in the sandbox (agents/sandbox.py) and kills its whole process
group (and, when it ran under a user id of its own, every process of that id) when the game ends,
however it ended. Everything a bot does wrong is an AgentFault with a status: the match loop
records the loss and goes on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from itertools import count
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, ClassVar

import cardarena

from ..core.engine import Decision, State
from ..core.errors import AgentFault, AgentInvalid, AgentTimeout
from .base import Agent

if TYPE_CHECKING:
    from ..core.match import GameReport, TimeControl

PROTOCOL = 1
#: a command argument with one of these endings names a file the bot needs (checked when it is entered)
SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".sh", ".lua", ".php", ".jar", ".R")
#: a manifest limit must stay below this (resource limits are 64-bit numbers)
MAX_LIMIT = 1 << 62
#: a reply line longer than this is INVALID (a view is sent whole, a reply is one small object)
MAX_LINE = 1 << 20
#: stderr kept for reasons (the tail); the file it goes to is capped by the file-size limit
STDERR_TAIL = 600
#: first unprivileged user id for bots (each bot process gets its own, so limits bind per bot)
UID_BASE = 1_500_000_000
_uids = count()
SANDBOX = str(Path(__file__).with_name("sandbox.py"))
#: a bot's fresh folder in the temporary folder: this prefix, the arena's process id, a random part
FOLDER_PREFIX = "cardarena-bot-"
#: the folder holding the `cardarena` package: on a bot's PYTHONPATH so it may `import cardarena.bot`
PACKAGE_ROOT = str(Path(cardarena.__file__).resolve().parent.parent)


@dataclass
class Limits:
    """Resource limits of one bot process (docs/protocol.md, "Sandbox")."""

    cpu_seconds: int = 120
    address_space: int = 1 << 30  # bytes
    processes: int = 64
    file_size: int = 16 << 20  # bytes, also caps what stderr may write
    open_files: int = 64
    #: default clocks when the match loop gives none: seconds per decision, bank, startup
    per_decision: float = 5.0
    bank: float = 60.0
    startup: float = 10.0

    def to_dict(self) -> dict[str, Any]:
        return {"cpu_seconds": self.cpu_seconds, "address_space": self.address_space,
                "processes": self.processes, "file_size": self.file_size, "open_files": self.open_files}


#: the keys of a manifest's [limits] table
LIMIT_NAMES = tuple(f.name for f in fields(Limits))


@dataclass
class BotSpec:
    """What starts a bot: its command, the folder its relative paths are read from, who it is."""

    command: list[str]
    home: Path
    name: str = ""
    author: str = ""
    limits: Limits = field(default_factory=Limits)
    #: the `name` a manifest gave, "" if none (shown in reports)
    manifest_name: str = ""

    @classmethod
    def from_command(cls, text: str, home: Path | None = None) -> BotSpec:
        text = text.strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            q = text[0]
            text = text[1:-1].replace("\\" + q, q)  # cmd:"python3 \"my bots/x.py\""
        try:
            cmd = shlex.split(text)
        except ValueError as e:
            raise ValueError(f"bot command {text!r}: {e}") from None
        if not cmd:
            raise ValueError("cmd: needs a command, e.g. cmd:\"python3 my_bot.py\"")
        return cls(cmd, (home or Path.cwd()).resolve(), name=text)

    @classmethod
    def from_manifest(cls, path: str | Path) -> BotSpec:
        """A TOML (or JSON) manifest: `command` (string or list), optional `workdir` (relative to the
        manifest; where the command's relative paths are read from), `name`, `author`, `[limits]`."""
        p = Path(path)
        try:
            raw = p.read_text(encoding="utf-8-sig")
            data = json.loads(raw) if p.suffix == ".json" else tomllib.loads(raw)
        except (OSError, ValueError, RecursionError) as e:
            raise ValueError(f"bot manifest {p}: {e}") from None
        if not isinstance(data, dict):
            raise ValueError(f"bot manifest {p}: expected a table (command, workdir, name, author, limits)")
        cmd = data.get("command")
        if cmd is None:
            raise ValueError(f"bot manifest {p}: no `command` (its keys: {', '.join(data) or 'none'}; a manifest"
                             " has command, workdir, name, author and [limits])")
        if isinstance(cmd, str):
            cmd = shlex.split(cmd)
        if not isinstance(cmd, list) or not cmd or not all(isinstance(c, str) for c in cmd):
            raise ValueError(f"bot manifest {p}: `command` must be a string or a list of strings")
        for key in ("workdir", "name", "author"):
            if key in data and not isinstance(data[key], str):
                raise ValueError(f"bot manifest {p}: `{key}` must be a string, got {data[key]!r}")
        home = (p.parent / data.get("workdir", ".")).resolve()
        if not home.is_dir():
            raise ValueError(f"bot manifest {p}: `workdir` {home} is not a folder")
        limits = data.get("limits", {})
        if not isinstance(limits, dict):
            raise ValueError(f"bot manifest {p}: `limits` must be a table ([limits] with name = number lines)")
        lim = Limits()
        for k, v in limits.items():
            if k not in LIMIT_NAMES:
                raise ValueError(f"bot manifest {p}: unknown limit {k!r} (limits: {', '.join(LIMIT_NAMES)})")
            if not isinstance(v, int | float) or isinstance(v, bool):
                raise ValueError(f"bot manifest {p}: limit {k} must be a number, got {v!r}")
            if not (v > 0 and math.isfinite(v)):
                raise ValueError(f"bot manifest {p}: limit {k} must be a positive number, got {v!r}")
            if v >= MAX_LIMIT:  # setrlimit takes at most a 64-bit value: 1e30 stopped the bot's start
                raise ValueError(f"bot manifest {p}: limit {k} must be below {MAX_LIMIT:.0e}, got {v!r}")
            if isinstance(getattr(lim, k), int) and v != int(v):  # int() would make 0.5 CPU seconds 0
                raise ValueError(f"bot manifest {p}: limit {k} must be a whole number, got {v!r}")
            setattr(lim, k, type(getattr(lim, k))(v))
        return cls(cmd, home, data.get("name", p.stem), data.get("author", ""), lim, data.get("name", ""))

    def problems(self) -> list[str]:
        """Why the command cannot start, found before any game: a program not on the PATH or not a file,
        or a script argument (a name ending in a script suffix) that is not there."""
        out = []
        prog = self.command[0]
        if "/" in prog:
            path = prog if os.path.isabs(prog) else str(self.home / prog)
            if not os.path.isfile(path):
                out.append(f"program {prog!r} not found (looked at {path})")
        elif shutil.which(prog) is None:
            out.append(f"program {prog!r} is not on the PATH")
        for a in self.command[1:]:
            if a.endswith(SCRIPT_SUFFIXES) and not a.startswith("-"):
                path = a if os.path.isabs(a) else str(self.home / a)
                if not os.path.isfile(path):
                    out.append(f"script {a!r} not found (looked at {path})")
        return out + self.unreadable()

    def unreadable(self) -> list[str]:
        """The bot's files its own unprivileged user may not read: when the arena runs as root the bot
        runs as a user id of its own (docs/protocol.md, "Sandbox"), so a script under /root fails to open."""
        if os.geteuid() != 0:
            return []
        out = []
        for a in self.argv()[1:]:
            if os.path.isabs(a) and os.path.isfile(a):
                closed = _closed_to_others(Path(a))
                if closed is not None:
                    out.append(f"{a} is not readable by the unprivileged user the bot runs as ({closed} is closed"
                               " to others): keep the bot in a folder everyone may read (e.g. /opt or /srv), or"
                               " `chmod o+rx` the folders above it and `o+r` its files")
        return out

    def argv(self) -> list[str]:
        """The command with its relative file arguments made absolute against `home` (the process
        itself runs in a fresh working folder)."""
        out = []
        for a in self.command:
            if not os.path.isabs(a) and not a.startswith("-") and (self.home / a).exists():
                a = str(self.home / a)
            out.append(a)
        return out


def _closed_to_others(path: Path) -> Path | None:
    """The first of `path`'s folders others may not enter, or `path` itself if they may not read it."""
    for folder in reversed(path.parents):
        if not os.stat(folder).st_mode & 0o001:
            return folder
    return path if not os.stat(path).st_mode & 0o004 else None


def bot_spec(spec: str) -> BotSpec | None:
    """The bot a spec names (`cmd:...`, `bot:FILE`, or a manifest path), else None; ValueError for a
    broken command or manifest."""
    text = spec.strip()
    head, sep, rest = text.partition(":")
    key = head.strip().lower()
    if sep and key == "cmd":
        return BotSpec.from_command(rest)
    if sep and key == "bot":
        path = rest.strip().strip("\"'")
        if not Path(path).is_file():
            raise ValueError(f"bot manifest {path}: no such file")
        return BotSpec.from_manifest(path)
    if text.endswith((".toml", ".json")):
        if not Path(text).is_file():
            raise ValueError(f"bot manifest {text}: no such file (an agent spec ending in {Path(text).suffix} "
                             "names a manifest)")
        return BotSpec.from_manifest(text)
    return None


def start_message(state: State, seat: int, clock: dict[str, float]) -> dict[str, Any]:
    """The `start` message of docs/protocol.md for the bot holding `seat`: its own deck only, the
    seats, the rules, its clock (`per_decision`, `bank`, `startup`) and, in a game played with card
    files, the cards they change or add (both seats play that pool). Over a pipe or a WebSocket."""
    from ..core.registry import game_of

    cfg = state.config
    decks = cfg.get("decks") or []
    msg = {"type": "start", "protocol": PROTOCOL, "game": state.game_id, "format": cfg.get("format"),
           "seat": seat, "seats": state.nseats, "rules": cfg.get("rules", {}),
           "deck": decks[seat] if seat < len(decks) else None, "time": clock}
    if "cards" in cfg:
        msg["cards"] = game_of(state).card_file_infos()
    return msg


def pinned_spec(spec: str) -> str:
    """`spec` with the paths it reads made absolute, so that it names the same bot from any folder: a
    contest stores it when the entry is made and may run it from elsewhere."""
    bot = bot_spec(spec)
    if bot is None:
        return spec
    head = spec.strip().partition(":")[0].strip().lower()
    if head == "cmd":
        return 'cmd:"' + shlex.join(bot.argv()).replace('"', '\\"') + '"'
    path = (spec.strip().partition(":")[2] if head == "bot" else spec).strip().strip("\"'")
    return f'bot:"{Path(path).resolve()}"'


def external_from_spec(spec: str, seed: int = 0) -> ExternalAgent | None:
    """The external agent a spec names (`cmd:...`, `bot:FILE`, or a manifest path), else None."""
    bot = bot_spec(spec)
    if bot is None:
        return None
    return ExternalAgent(bot, seed=seed, name=display_name(spec, bot))


def display_name(spec: str, bot: BotSpec) -> str:
    """How reports and messages name a bot: a manifest's `name` with the spec it came from, else the
    spec as typed."""
    text = spec.strip()
    if text.lower().startswith("cmd:") or not bot.manifest_name:
        return text
    return f"{bot.manifest_name} ({text})"


class ExternalAgent(Agent):
    """A bot process per game, asked each decision over JSON lines, under time and resource limits."""

    kind: ClassVar[str] = "external"

    def __init__(self, bot: BotSpec, seed: int = 0, name: str | None = None) -> None:
        super().__init__(seed, name or bot.name)
        self.bot = bot
        self.proc: subprocess.Popen[bytes] | None = None
        self.uid: int | None = None
        self.dir: str | None = None
        self._buf = b""
        self._stderr_path = ""
        self._tc: tuple[float, float, float] = (bot.limits.per_decision, bot.limits.bank, bot.limits.startup)
        self._bank = 0.0
        self._first = True
        #: when set, every line sent and received, and the bot's stderr, are appended here (JSON lines;
        #: docs/protocol.md, "Debugging a bot"): what this seat was sent, so nothing it may not know
        self.transcript: Path | None = None
        self._log: IO[str] | None = None
        self._t0 = 0.0

    # -- the game's life ---------------------------------------------------------------------------
    def start(self, state: State, seat: int, time_control: TimeControl | None = None) -> None:
        self.end(state, seat, None)  # a process never outlives its game, even if end was skipped
        self._launch(time_control)
        self._send(start_message(state, seat, self._time_msg()), time.perf_counter() + self._tc[2] + self._tc[0])

    def _time_msg(self) -> dict[str, float]:
        return {"per_decision": self._tc[0], "bank": self._tc[1], "startup": self._tc[2]}

    def _launch(self, time_control: TimeControl | None) -> None:
        """Start a fresh bot process in the sandbox, with its clocks reset (a game's or a draft's)."""
        if time_control is not None:
            self._tc = (time_control.per_decision, time_control.bank, time_control.startup)
        self._bank = self._tc[1]
        self._first = True
        self._buf = b""
        if self.transcript is not None:
            try:  # the arena's own file: one it cannot write is no fault of the bot's, and no transcript
                self._log = open(self.transcript, "a", encoding="utf-8")  # noqa: SIM115 - closed in _kill
            except OSError:
                self._log = None
            self._t0 = time.perf_counter()
            self._note({"bot": self.bot.argv(), "limits": self.bot.limits.to_dict(),
                        "time": self._time_msg()})
        sweep_stale_folders()
        self.dir = tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")
        os.chmod(self.dir, 0o711)
        work = os.path.join(self.dir, "work")
        os.mkdir(work, 0o700)
        root = os.geteuid() == 0
        if root:
            self.uid = UID_BASE + (os.getpid() % 10_000) * 10_000 + next(_uids) % 10_000
            os.chown(work, self.uid, self.uid)
        self._stderr_path = os.path.join(self.dir, "stderr")
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": work, "TMPDIR": work, "LANG": "C.UTF-8",
               "PYTHONPATH": PACKAGE_ROOT, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1",
               "CARDARENA_BOT_HOME": str(self.bot.home)}
        cfg = {"workdir": work, "uid": self.uid, "limits": self.bot.limits.to_dict(), "command": self.bot.argv(),
               "env": env, "parent": os.getpid()}
        with open(self._stderr_path, "wb") as err:
            try:
                self.proc = subprocess.Popen(
                    [sys.executable, "-I", "-S", SANDBOX, json.dumps(cfg)],
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, cwd=work,
                    start_new_session=True, close_fds=True,
                )
            except OSError as e:
                raise AgentFault(f"could not start {self.bot.command[0]!r}: {e}") from None
        for f in (self.proc.stdin, self.proc.stdout):
            assert f is not None
            os.set_blocking(f.fileno(), False)

    def end(self, state: State, seat: int, report: GameReport | None) -> None:
        proc = self.proc
        if proc is not None and report is not None and proc.poll() is None:
            res = state.result
            msg = {"type": "end", "seat": seat, "result": None if res is None else res.to_dict(),
                   "status": report.statuses[seat] if seat < len(report.statuses) else None}
            with contextlib.suppress(AgentFault, OSError):
                self._send(msg, time.perf_counter() + 0.2)
        self._kill()

    def _note(self, record: dict[str, Any]) -> None:
        """One transcript line: seconds since the bot's start, then the record."""
        log = self._log
        if log is not None:
            try:
                log.write(json.dumps({"t": round(time.perf_counter() - self._t0, 4), **record}) + "\n")
            except OSError:  # a full disk ends the transcript, not the bot's game
                self._log = None
                with contextlib.suppress(OSError):
                    log.close()

    def _close_transcript(self, exited: int | None) -> None:
        """The transcript's last line: how the bot ended (its exit status, or stopped by the arena at the end
        of its game or at a fault) and its whole stderr."""
        log = self._log
        if log is None:
            return
        try:
            with open(self._stderr_path, "rb") as f:  # bounded by the bot's file-size limit
                stderr = f.read().decode(errors="replace")
        except OSError:
            stderr = ""
        ended = {"exit": exited} if exited is not None else {"stopped": "by the arena"}
        self._note({**ended, "stderr": stderr})
        self._log = None
        with contextlib.suppress(OSError):
            log.close()

    def _kill(self) -> None:
        proc = self.proc
        self.proc = None
        exited = None  # the bot's own exit status, if it ended before the arena stopped it
        if proc is not None:
            exited = proc.poll()
            if exited is None:  # the launcher kills and reaps the bot (its PID namespace's process 1)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    proc.send_signal(signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=2)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            for f in (proc.stdin, proc.stdout):
                if f is not None:
                    with contextlib.suppress(OSError):
                        f.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=5)
        if self.uid is not None:
            kill_uid(self.uid)
            self.uid = None
        self._close_transcript(exited)
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._kill()

    # -- deciding ----------------------------------------------------------------------------------
    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        msg = {"type": "decision", "seq": decision.seq, "view": state_view, "decision": decision.to_dict()}
        return self._ask(msg, lambda line: self._read_reply(decision, line))

    def _ask(self, msg: dict[str, Any], parse: Callable[[str], str]) -> str:
        """Send `msg` (with its `time`), read one reply line within the clocks, parse it, charge the bank."""
        if self.proc is None:
            raise AgentFault("the bot was not started (start() was not called for this game)")
        t0 = time.perf_counter()
        per, _, startup = self._tc
        allowed = per + self._bank + (startup if self._first else 0.0)
        deadline = t0 + allowed
        if self.deadline is not None:  # the match loop's clocks rule when it keeps them
            deadline = self.deadline
        msg["time"] = {"limit": round(deadline - t0, 3), "bank": round(self._bank, 3)}
        try:
            self._send(msg, deadline)
            line = self._recv_line(deadline)
        except AgentTimeout as e:
            raise self._late(e, msg, deadline - t0) from None
        reply = parse(line)
        spent = time.perf_counter() - t0
        over = spent - per - (startup if self._first else 0.0)
        self._first = False
        if over > 0:
            self._bank -= over
        return reply

    def _late(self, e: AgentTimeout, msg: dict[str, Any], allowed: float) -> AgentTimeout:
        """The timeout with the decision it missed, its time, and the likely fix: a bot that never answered
        usually waits for the end of its input or left its reply in a buffer (docs/protocol.md)."""
        what = f"{msg['type']} {msg['seq']}" if "seq" in msg else msg["type"]
        if self._buf:
            why = ("; it wrote part of a line without its ending newline: end each reply with \\n"
                   " (and flush stdout)")
        elif self._first:
            why = ("; it has answered nothing yet: read the input a line at a time (it stays open all game:"
                   " reading it to its end waits forever), flush stdout after each reply, answer within time.limit")
        else:
            why = "; it answered before: this answer took longer than its clock had left"
        return AgentTimeout(f"{e} ({allowed:.1f} s for {what})", why + e.detail)

    def _read_reply(self, decision: Decision, line: str) -> str:
        try:
            msg = json.loads(line, parse_constant=_no_constant)
        except ValueError as e:
            raise not_json(e, line) from None
        if not isinstance(msg, dict) or "option" not in msg or "seq" not in msg:
            raise AgentInvalid('a reply must be {"seq": N, "option": ID}', f", got {line[:200]!r}")
        seq = msg["seq"]
        if type(seq) is not int:
            raise AgentInvalid("seq must be an integer (the decision's seq, copied as a JSON number)",
                               f", got {seq!r}")
        if seq != decision.seq:
            raise AgentInvalid(f"stale reply: it does not answer the pending decision {decision.seq}",
                               f"; it answers {msg['seq']!r} (copy the seq of the decision message, do not count;"
                               " answer each decision once)")
        option = msg["option"]
        if not isinstance(option, str):
            raise AgentInvalid("option must be a string: the id of one of the decision's options",
                               f", got {option!r}{_not_an_id(option)}")
        return option

    # -- the pipes ---------------------------------------------------------------------------------
    def _send(self, msg: dict[str, Any], deadline: float) -> None:
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        data = (json.dumps(msg, separators=(",", ":")) + "\n").encode()
        if self._log is not None:
            self._note({"sent": msg})
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise AgentTimeout("did not read its input within its time", self._stderr_note())
            _, w, _ = select.select([], [fd], [], left)
            if not w:
                continue
            try:
                n = os.write(fd, view)
            except BlockingIOError:
                continue
            except (BrokenPipeError, OSError) as e:
                if isinstance(e, OSError) and e.errno not in (errno.EPIPE, errno.EBADF):
                    raise
                raise AgentFault(f"{self._exit_note()} before reading the game", self._stderr_note()) from None
            view = view[n:]

    def _recv_line(self, deadline: float) -> str:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        while True:
            nl = self._buf.find(b"\n")
            if nl >= 0:
                line, self._buf = self._buf[:nl], self._buf[nl + 1:]
                if line.strip():
                    if self._log is not None:
                        self._note({"received": line.decode(errors="replace")})
                    try:
                        return line.decode()
                    except UnicodeDecodeError:
                        raise AgentInvalid("reply is not UTF-8") from None
                continue
            if len(self._buf) > MAX_LINE:
                raise AgentInvalid(f"reply line longer than {MAX_LINE} bytes")
            left = deadline - time.perf_counter()
            if left <= 0:
                raise AgentTimeout("no answer within its time", self._stderr_note())
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                note = self._exit_note()
                if note.endswith("code 0"):  # it ended by itself: its reading loop stopped early
                    note += " without answering (a bot keeps reading its input until the `end` message)"
                else:
                    note += " without answering"
                why = "".join(f"; {u}" for u in self.bot.problems())  # a typo'd script, a folder under /root
                raise AgentFault(note, why + self._stderr_note())
            self._buf += chunk

    def _exit_note(self) -> str:
        proc = self.proc
        if proc is None:
            return "the bot stopped"
        try:
            code = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "the bot closed its output"
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            why = {"SIGXCPU": " (CPU time limit)", "SIGXFSZ": " (file size limit)"}.get(name, "")
            return f"the bot was killed by {name}{why}"
        return f"the bot exited with code {code}"

    def _stderr_note(self) -> str:
        try:
            with open(self._stderr_path, "rb") as f:
                f.seek(0, os.SEEK_END)
                size = f.tell()
                f.seek(max(0, size - STDERR_TAIL))
                tail = f.read().decode(errors="replace").strip()
        except OSError:
            return ""
        if len(tail) >= STDERR_TAIL:
            tail = "..." + tail[-STDERR_TAIL:]
        full = " (stderr reached the file size limit)" if size >= self.bot.limits.file_size else ""
        return f"{full}; stderr: {tail}" if tail else full


def not_json(e: ValueError, line: str) -> AgentInvalid:
    """A reply line that is not JSON, with the likely fix in its detail (it quotes the line)."""
    if line.lstrip().startswith(("{", "[")):
        hint = "write each reply with a JSON encoder (json.dumps, JSON.stringify): strict JSON, double quotes"
    else:
        hint = "every line a bot prints on stdout is read as a reply: print debug text to stderr (print(..., file=sys.stderr), console.error)"
    return AgentInvalid("malformed reply (not JSON)", f": {e}: {line[:200]!r} ({hint})")


def _not_an_id(option: object) -> str:
    # the two slips bot authors make: the option's position, or the whole option object
    if isinstance(option, int) and not isinstance(option, bool):
        return " (a position? send the option's id: options[i][\"id\"])"
    if isinstance(option, dict) and "id" in option:
        return " (the whole option: send only its \"id\")"
    return ""


_swept = False


def sweep_stale_folders() -> None:
    """Remove (once per process) the bot folders an arena killed outright (kill -9) left behind: each is
    named after the arena process that made it, and that process is gone."""
    global _swept
    if _swept:
        return
    _swept = True
    base = Path(tempfile.gettempdir())
    for d in base.glob(f"{FOLDER_PREFIX}*-*"):
        pid = d.name[len(FOLDER_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            if d.stat().st_uid != os.geteuid():
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(d, ignore_errors=True)
        except OSError:
            continue


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def transcript_folder(folder: Path) -> None:
    """Make `folder` for transcripts; ValueError says why it cannot be made or written to."""
    from ..core.files import output_problem

    try:  # made owner-only: a bot running under its own user id may not read another's transcript
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"{folder}: cannot make that folder: {e.strerror or e}") from None
    if (problem := output_problem(folder / "transcript.jsonl")) is not None:
        raise ValueError(f"{folder}: cannot write there: {problem}")


def transcripts_in(folder: Path, bots: dict[int, ExternalAgent], pattern: str = "p{seat}.jsonl") -> list[Path]:
    """Give each bot (by 0-based seat) a transcript file in `folder`, named by `pattern` with the 1-based
    seat, written afresh (docs/protocol.md, "Debugging a bot"). ValueError says why it cannot be written."""
    from ..core.files import output_problem

    transcript_folder(folder)
    paths = []
    for seat, bot in sorted(bots.items()):
        path = folder / pattern.format(seat=seat + 1)
        if (problem := output_problem(path)) is not None:
            raise ValueError(f"{folder}: cannot write there: {problem}")
        path.unlink(missing_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # owner-only, as its folder
        bot.transcript = path
        paths.append(path)
    return paths


def kill_uid(uid: int) -> None:
    """SIGKILL every process of `uid` (a bot's own user id): a child switches to that user and
    signals -1, which reaches exactly that user's processes, whatever session they made."""
    for _ in range(3):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child only signals and exits
            try:
                os.setgid(uid)
                os.setuid(uid)
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
            os._exit(0)
        os.waitpid(pid, 0)
        if not _has_processes(uid):
            return
        time.sleep(0.01)


def _has_processes(uid: int) -> bool:
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if os.stat(f"/proc/{d}").st_uid == uid:
                    return True
            except OSError:
                continue
    return False
