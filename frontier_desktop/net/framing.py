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
    def is_mid_frame(self) -> bool:
        """Whether bytes of an unfinished frame are buffered (a truncated frame at EOF)."""
        return bool(self._buf) and not self._skip


class Connection:
    """One framed TCP connection: a reader thread, a locked sender and a heartbeat.

    Callbacks run on the reader thread: ``on_message(conn, msg)`` for every valid message,
    ``on_close(conn, reason)`` once when the connection ends. Protocol errors are answered
    with an ``error`` message; after *max_errors* of them the connection is closed.

    Args:
        allowed: message types this end accepts.
        heartbeat: seconds between pings; a peer silent for *timeout* seconds is dropped.
        tap: called with every byte string sent (tests capture the wire with it).
    """

    def __init__(self, sock: socket.socket, allowed: frozenset[str], *,
                 on_message: Callable[[Connection, Message], None],
                 on_close: Callable[[Connection, str], None],
                 heartbeat: float = 1.0, timeout: float = 4.0, max_errors: int = 10,
                 tap: Callable[[bytes], None] | None = None) -> None:
        self.sock = sock
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.allowed = allowed
        self.on_message = on_message
        self.on_close = on_close
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.max_errors = max_errors
        self.tap = tap
        self.errors = 0
        self.bytes_sent = 0
        self.bytes_received = 0
        self.last_received = time.monotonic()
        self.rtt_ms: float | None = None
        self.seat: int | None = None
        """The seat bound to this connection by the handshake (identity is the connection)."""
        self._send_lock = threading.Lock()
        self._closed = threading.Event()
        self._close_reason = ""
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        for target, name in ((self._read_loop, "net-read"), (self._beat_loop, "net-beat")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    @property
    def is_open(self) -> bool:
        return not self._closed.is_set()

    def send(self, msg: Message) -> bool:
        """Send one message; False if the connection is closed or the send failed."""
        body = encode_body(msg)
        if len(body) > MAX_FRAME:
            log.error("not sending a %s message of %d bytes (over the frame limit)",
                      msg.get("type"), len(body))
            return False
        return self.send_body(body)

    def send_body(self, body: bytes) -> bool:
        """Send one already encoded body (as it is: tests send malformed ones with it)."""
        data = frame(body)
        with self._send_lock:
            if self._closed.is_set():
                return False
            try:
                self.sock.sendall(data)
            except OSError as exc:
                self._shutdown(f"send failed: {exc}")
                return False
            self.bytes_sent += len(data)
            if self.tap is not None:
                self.tap(data)
        return True

    def close(self, reason: str = "closed", *, bye: bool = False) -> None:
        """Close the connection (with a ``bye`` first when *bye*)."""
        if bye:
            self.send(make("bye", reason=reason[:200]))
        self._shutdown(reason)

    def join(self, timeout: float = 2.0) -> None:
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout)

    def _shutdown(self, reason: str) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        self._close_reason = reason
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
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
            self._shutdown("too many protocol errors")

    def _read_loop(self) -> None:
        decoder = FrameDecoder()
        reason = "connection closed by peer"
        try:
            while not self._closed.is_set():
                try:
                    data = self.sock.recv(65536)
                except OSError as exc:
                    reason = f"connection lost: {exc}"
                    break
                if not data:
                    if decoder.is_mid_frame:
                        self._problem(ProtocolError(ErrorCode.TRUNCATED,
                                                    "connection ended inside a frame"))
                    break
                self.bytes_received += len(data)
                self.last_received = time.monotonic()
                for item in decoder.feed(data):
                    if isinstance(item, ProtocolError):
                        self._problem(item)
                        continue
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
            self._shutdown(self._close_reason or reason)
            try:
                self.on_close(self, self._close_reason or reason)
            except Exception:
                log.exception("close handler failed")

    def _beat_loop(self) -> None:
        while not self._closed.wait(self.heartbeat):
            if time.monotonic() - self.last_received > self.timeout:
                log.warning("no word from the peer for %.1f s: dropping the connection",
                            self.timeout)
                self._shutdown(f"peer silent for {self.timeout:.0f} s")
                return
            self.send(make("ping", t=time.monotonic()))
