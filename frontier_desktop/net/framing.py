"""Length-prefixed frames over TCP, and one connection's reader/heartbeat threads.

A frame is a 4-byte big-endian body length, then the body (UTF-8 JSON, see :mod:`.protocol`).
A length above :data:`~.protocol.MAX_FRAME` is refused *before* the body is read: the
decoder skips the declared bytes without buffering them and reports ``too_large``.

Why plain sockets and threads rather than asyncio: a LAN game has one peer (plus the odd
refused connection), the rules engine is synchronous and fast (about a millisecond per action),
and the UI needs a synchronous facade anyway. One reader thread per connection, a send lock
and a heartbeat thread keep the code short and every call easy to reason about; latency on
loopback is well inside the targets (see ``build_scripts/bench_lan.py``).
"""

from __future__ import annotations

import collections
import logging
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator

from frontier_desktop.net.protocol import MAX_FRAME, ErrorCode, Message, ProtocolError, decode, make
from frontier_desktop.net.protocol import encode as encode_body
from frontier_desktop.net.protocol import error as error_msg

log = logging.getLogger(__name__)

HEADER = struct.Struct(">I")


def frame(body: bytes) -> bytes:
    """*body* with its length prefix."""
    return HEADER.pack(len(body)) + body


def encode_frame(msg: Message) -> bytes:
    return frame(encode_body(msg))


class FrameDecoder:
    """Incremental decoder: :meth:`feed` bytes, get bodies or :class:`ProtocolError` items.

    Oversized frames are skipped (their bytes dropped as they arrive, never stored), so the
    stream stays in step and the peer gets an answer instead of a hang.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buf = bytearray()
        self._skip = 0

    def feed(self, data: bytes) -> Iterator[bytes | ProtocolError]:
        self._buf += data
        while True:
            if self._skip:
                dropped = min(self._skip, len(self._buf))
                del self._buf[:dropped]
                self._skip -= dropped
                if self._skip:
                    return
            if len(self._buf) < HEADER.size:
                return
            (length,) = HEADER.unpack_from(self._buf)
            if length > self.max_frame:
                del self._buf[:HEADER.size]
                self._skip = length
                yield ProtocolError(ErrorCode.TOO_LARGE,
                                    f"frame of {length} bytes refused (limit {self.max_frame})")
                continue
            if len(self._buf) < HEADER.size + length:
                return
            body = bytes(self._buf[HEADER.size:HEADER.size + length])
            del self._buf[:HEADER.size + length]
            yield body

    @property
    def buffered(self) -> int:
        """Bytes of an unfinished frame held in memory."""
        return len(self._buf)

    @property
    def is_mid_frame(self) -> bool:
        """Whether bytes of an unfinished frame are buffered (a truncated frame at EOF)."""
        return bool(self._buf) and not self._skip


MAX_HANDSHAKE_FRAME = 64 * 1024
"""Largest frame from a peer that has not finished the handshake (a hello with a 500-card
deck is about 15 kB). With the host's cap on unfinished handshakes this bounds the memory
strangers can make it hold with half-sent frames: 16 x 64 KiB, plus 1 MiB for the guest."""

MAX_SEND_QUEUE = 4 * MAX_FRAME
"""Bytes one connection may have waiting to be sent; a peer that lets more pile up is dropped."""


class Connection:
    """One framed TCP connection: a reader thread, a writer thread with a bounded queue, and a
    heartbeat.

    :meth:`send` never touches the socket: it puts the frame on this connection's queue and
    returns at once, so a caller may hold a lock (the session's) while sending. The writer
    thread drains the queue. A peer that stops reading cannot block anyone: when its queue
    would exceed *max_queue* bytes, or the writer has made no progress for *timeout* seconds,
    the connection is dropped.

    Callbacks run on the reader thread: ``on_message(conn, msg)`` for every valid message,
    ``on_close(conn, reason)`` once when the connection ends. Protocol errors are answered
    with an ``error`` message; after *max_errors* of them the connection is closed.

    Args:
        allowed: message types this end accepts.
        heartbeat: seconds between pings; a peer silent for *timeout* seconds is dropped.
        handshake_timeout: drop the connection if no seat is bound to it (``seat``) by then.
        tap: called with every byte string queued for sending (tests capture the wire).
    """

    def __init__(self, sock: socket.socket, allowed: frozenset[str], *,
                 on_message: Callable[[Connection, Message], None],
                 on_close: Callable[[Connection, str], None],
                 heartbeat: float = 1.0, timeout: float = 4.0, max_errors: int = 10,
                 max_queue: int = MAX_SEND_QUEUE, handshake_timeout: float | None = None,
                 handshake_frame: int = MAX_FRAME,
                 tap: Callable[[bytes], None] | None = None) -> None:
        self.sock = sock
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.allowed = allowed
        self.on_message = on_message
        self.on_close = on_close
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.max_errors = max_errors
        self.max_queue = max_queue
        self.handshake_timeout = handshake_timeout
        self.handshake_frame = handshake_frame
        """The frame limit until a seat is bound (``MAX_FRAME`` after)."""
        self.tap = tap
        self.errors = 0
        self.bytes_sent = 0
        """Bytes queued for sending (they reach the wire as the peer reads)."""
        self.bytes_received = 0
        self.opened = time.monotonic()
        self.last_received = self.opened
        self.last_frame = self.opened
        """When the last whole frame arrived (a ping or pong counts)."""
        self.frames_only = False
        """Count only whole frames as word from the peer (a seat held in the lobby): a peer
        that trickles bytes of a frame it never finishes is as silent as one that says
        nothing, and is dropped after ``timeout``."""
        self.rtt_ms: float | None = None
        self.seat: int | None = None
        """The seat bound to this connection by the handshake (identity is the connection)."""
        self._out: collections.deque[bytes] = collections.deque()
        self._queued = 0
        self._cv = threading.Condition(threading.Lock())
        self._stalled_since: float | None = None
        """Since when bytes wait to be sent without progress (None: nothing waits)."""
        self._finishing: float | None = None
        """When a graceful close began: queued frames are still sent, nothing new is."""
        self._closed = threading.Event()
        self._close_reason = ""
        self._threads: list[threading.Thread] = []
        self._decoder: FrameDecoder | None = None

    def start(self) -> None:
        for target, name in ((self._read_loop, "net-read"), (self._write_loop, "net-write"),
                             (self._beat_loop, "net-beat")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    @property
    def is_open(self) -> bool:
        return not self._closed.is_set() and self._finishing is None

    @property
    def queued_bytes(self) -> int:
        """Bytes waiting to be sent."""
        return self._queued

    def send(self, msg: Message) -> bool:
        """Queue one message; False if the connection is closed or closing."""
        body = encode_body(msg)
        if len(body) > MAX_FRAME:
            log.error("not sending a %s message of %d bytes (over the frame limit)",
                      msg.get("type"), len(body))
            return False
        return self.send_body(body)

    def send_body(self, body: bytes) -> bool:
        """Queue one already encoded body (as it is: tests send malformed ones with it)."""
        data = frame(body)
        with self._cv:
            if self._closed.is_set() or self._finishing is not None:
                return False
            overflow = self._queued + len(data) > self.max_queue
            if not overflow:
                self._out.append(data)
                self._queued += len(data)
                self.bytes_sent += len(data)
                if self._stalled_since is None:
                    self._stalled_since = time.monotonic()
                self._cv.notify_all()
        if overflow:
            log.warning("the peer does not read what we send: dropping the connection")
            self._shutdown("the peer stopped reading (send queue full)")
            return False
        if self.tap is not None:
            self.tap(data)
        return True

    def flush(self, timeout: float) -> bool:
        """Wait until everything queued has been sent (or the connection ended)."""
        deadline = time.monotonic() + timeout
        with self._cv:
            while self._out and not self._closed.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(left)
            return not self._out

    def close(self, reason: str = "closed", *, bye: bool = False,
              resumable: bool = False) -> None:
        """Close the connection gracefully: what is queued (and a ``bye`` when *bye*, saying
        the game will go on when *resumable*) is still sent, then our side of the stream
        ends. With *bye* this waits up to a second for the queue to drain (call it without
        holding a lock others need)."""
        if bye:
            self.send(make("bye", reason=reason[:200], **({"resumable": True}
                                                            if resumable else {})))
        with self._cv:
            if self._closed.is_set() or self._finishing is not None:
                return
            self._finishing = time.monotonic()
            self._close_reason = reason
            self._cv.notify_all()
        if bye:
            self.flush(1.0)

    def abort(self, reason: str) -> None:
        """Close at once, dropping anything queued (frees the descriptor now)."""
        self._shutdown(reason)

    def join(self, timeout: float = 2.0) -> None:
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout)

    def _shutdown(self, reason: str) -> None:
        with self._cv:
            if self._closed.is_set():
                return
            self._closed.set()
            self._close_reason = self._close_reason or reason
            self._out.clear()
            self._queued = 0
            self._cv.notify_all()
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes a reader or writer blocked on it
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass

    def _problem(self, exc: ProtocolError) -> None:
        self.errors += 1
        log.info("protocol error from peer: %s (%s)", exc, exc.code.value)
        self.send(error_msg(exc.code, str(exc)))
        if self.errors >= self.max_errors:
            self.send(error_msg(ErrorCode.TOO_MANY_ERRORS, "too many protocol errors"))
            self.close("too many protocol errors")

    def _write_loop(self) -> None:
        while True:
            with self._cv:
                while not self._out and not self._closed.is_set() and self._finishing is None:
                    self._cv.wait()
                if self._closed.is_set():
                    return
                if not self._out:
                    break  # closing, and everything has been sent
                data = self._out[0]
            view = memoryview(data)
            sent = 0
            while sent < len(view):
                try:
                    sent += self.sock.send(view[sent:])
                except OSError as exc:
                    self._shutdown(f"send failed: {exc}")
                    return
                with self._cv:
                    self._stalled_since = time.monotonic()  # progress
            with self._cv:
                if self._out and self._out[0] is data:
                    self._out.popleft()
                    self._queued -= len(data)
                self._stalled_since = time.monotonic() if self._out else None
                self._cv.notify_all()
        try:  # a graceful close: our side is done; the reader waits for the peer's end
            self.sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    @property
    def buffered(self) -> int:
        """Bytes of a half-received frame held for this connection."""
        decoder = self._decoder
        return decoder.buffered if decoder is not None else 0

    def _read_loop(self) -> None:
        decoder = self._decoder = FrameDecoder(self.handshake_frame)
        reason = "connection closed by peer"
        try:
            while not self._closed.is_set():
                try:
                    data = self.sock.recv(65536)
                except OSError as exc:
                    reason = f"connection lost: {exc}"
                    break
                if not data:
                    if decoder.is_mid_frame and self._finishing is None:
                        self._problem(ProtocolError(ErrorCode.TRUNCATED,
                                                    "connection ended inside a frame"))
                    break
                self.bytes_received += len(data)
                self.last_received = time.monotonic()
                if self._finishing is not None:
                    continue  # closing: what the peer still says is not acted on
                decoder.max_frame = MAX_FRAME if self.seat is not None else self.handshake_frame
                for item in decoder.feed(data):
                    if isinstance(item, ProtocolError):
                        self._problem(item)
                        continue
                    self.last_frame = time.monotonic()
                    try:
                        msg = decode(item, self.allowed)
                    except ProtocolError as exc:
                        self._problem(exc)
                        continue
                    if msg["type"] == "ping":
                        self.send(make("pong", t=msg["t"]))
                        continue
                    if msg["type"] == "pong":
                        if isinstance(msg["t"], (int, float)):
                            self.rtt_ms = max(0.0, (time.monotonic() - msg["t"]) * 1000.0)
                        continue
                    try:
                        self.on_message(self, msg)
                    except Exception:  # a handler bug must not kill the connection silently
                        log.exception("handler failed on a %s message", msg["type"])
                        self.send(error_msg(ErrorCode.INTERNAL, "internal error"))
                    if self._closed.is_set():
                        break
        finally:
            if self._finishing is not None and not self._closed.is_set():
                self.flush(self.timeout)  # let a refusal or bye reach the peer first
            self._shutdown(self._close_reason or reason)
            try:
                self.on_close(self, self._close_reason or reason)
            except Exception:
                log.exception("close handler failed")

    def _beat_loop(self) -> None:
        while not self._closed.wait(self.heartbeat):
            now = time.monotonic()
            with self._cv:
                stalled = self._stalled_since
                finishing = self._finishing
            if stalled is not None and now - stalled > self.timeout:
                log.warning("the peer has not read what we sent for %.1f s: dropping the "
                            "connection", self.timeout)
                self._shutdown(f"the peer stopped reading for {self.timeout:.0f} s")
                return
            if finishing is not None:
                if now - finishing > self.timeout:
                    self._shutdown(self._close_reason or "closed")
                    return
                continue
            if self.handshake_timeout is not None and self.seat is None \
                    and now - self.opened > self.handshake_timeout:
                log.info("no handshake within %.0f s: dropping the connection",
                         self.handshake_timeout)
                self.send(error_msg(ErrorCode.NOT_NOW, "the handshake took too long"))
                self.close("no handshake in time")
                continue
            heard = self.last_frame if self.frames_only else self.last_received
            if now - heard > self.timeout:
                log.warning("no word from the peer for %.1f s: dropping the connection",
                            self.timeout)
                self._shutdown(f"peer silent for {self.timeout:.0f} s")
                return
            self.send(make("ping", t=time.monotonic()))
