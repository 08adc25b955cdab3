package dev.execd.api.attach;

import java.io.IOException;
import java.util.concurrent.Semaphore;

import dev.execd.output.OutputException;
import dev.execd.session.LiveEvent;
import dev.execd.session.LiveOutput;
import dev.execd.session.OutputListener;
import jakarta.websocket.RemoteEndpoint;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * Everything one attach connection sends. Its own virtual thread, the pump, sends what a
 * client catches up on, pings and the exit, so the output reader never waits for a
 * client. Output that arrives while the pump waits caught up (an echo) is sent at once
 * from the output reader's thread, non-blocking (Tomcat's poller finishes it if the
 * socket is full), so it crosses no thread of its own. One sender at a time holds the
 * claim, which orders refusals with output; the pump takes it one frame at a time.
 */
final class AttachOutput implements OutputListener {

	private static final Logger logger = LoggerFactory.getLogger(AttachOutput.class);

	/** A ping after this long without a frame, as SSE streams ping. */
	private static final long PING_NANOS = 15_000_000_000L;

	private final String sessionId;

	private final LiveOutput live;

	private final JsonMapper json;

	private final WebSocketSession socket;

	/**
	 * Sends that never block, or null where the container has none: the pump sends all.
	 */
	private final RemoteEndpoint.@Nullable Async direct;

	/** Held by whoever reads {@link #live} or sends. */
	private final Semaphore claim = new Semaphore(1);

	private final Thread pump;

	/** Raised when the pump is to look again. */
	private final WakeFlag wake;

	/** The pump is caught up and waits: new output goes out from the reader's thread. */
	private volatile boolean idle;

	/** What a direct send read and left to the pump: a gap or the end. */
	private volatile @Nullable LiveEvent handed;

	private volatile @Nullable Throwable failed;

	private volatile boolean stopped;

	/** Where the client resumes: the end of the last frame it was sent. */
	private volatile long sent;

	private volatile long lastSend = System.nanoTime();

	AttachOutput(String sessionId, LiveOutput live, JsonMapper json, WebSocketSession socket,
			RemoteEndpoint.@Nullable Async direct) {
		this.sessionId = sessionId;
		this.live = live;
		this.json = json;
		this.socket = socket;
		this.direct = direct;
		this.sent = live.offset();
		this.pump = Thread.ofVirtual().name("execd-attach-" + sessionId).unstarted(this::pump);
		this.wake = new WakeFlag(this.pump);
	}

	void start() {
		this.pump.start();
	}

	/**
	 * The connection closed: the pump stops. Not by an interrupt: one during a read would
	 * close the session's log file under all its readers and writers.
	 */
	void stop() {
		this.stopped = true;
		this.wake.raise();
	}

	/** Sends a frame that is not output (a refusal) in order with the output. */
	void send(WebSocketMessage<?> message) throws IOException {
		this.claim.acquireUninterruptibly();
		try {
			this.socket.sendMessage(message);
		}
		finally {
			this.claim.release();
		}
	}

	@Override
	public void changed(boolean output) {
		if (!this.idle) {
			// The pump is at work and reads until it is caught up.
			return;
		}
		if (!output || this.direct == null || !this.claim.tryAcquire()) {
			this.wake.raise();
			return;
		}
		boolean sending = false;
		try {
			LiveEvent event = this.live.next();
			if (event instanceof LiveEvent.Text || event instanceof LiveEvent.Bytes) {
				long next = this.live.offset();
				SendOnce send = new SendOnce((failure) -> sentDirectly(next, failure));
				String frame = frame(event);
				sending = true;
				try {
					this.direct.sendText(frame, send);
				}
				catch (RuntimeException ex) {
					// The socket is closing under the send.
					send.finish(ex);
				}
				if (!event.caughtUp()) {
					// One read held more than a frame: the pump sends the rest.
					this.wake.raise();
				}
			}
			else if (event != null) {
				this.handed = event;
				this.wake.raise();
			}
		}
		catch (RuntimeException ex) {
			this.failed = ex;
			this.wake.raise();
		}
		finally {
			if (!sending) {
				this.claim.release();
			}
		}
	}

	private void sentDirectly(long next, @Nullable Throwable failure) {
		this.lastSend = System.nanoTime();
		if (failure != null) {
			this.failed = failure;
			this.claim.release();
			this.wake.raise();
			return;
		}
		this.sent = next;
		this.claim.release();
	}

	/** Sends output until the session's end, the client's or a send that fails. */
	private void pump() {
		try (this.live; AutoCloseable listening = this.live.onChange(this)) {
			while (!this.stopped && this.socket.isOpen()) {
				this.idle = false;
				boolean more;
				this.claim.acquire();
				try {
					Throwable failure = this.failed;
					if (failure != null) {
						throw (failure instanceof OutputException.ResourcesExhausted exhausted) ? exhausted
								: new IOException("a send failed", failure);
					}
					LiveEvent event = this.handed;
					this.handed = null;
					event = (event != null) ? event : this.live.next();
					if (event != null) {
						BlockingSend.send(this.socket, new TextMessage(frame(event)));
						this.lastSend = System.nanoTime();
						if (event instanceof LiveEvent.End) {
							this.socket.close(CloseStatus.NORMAL.withReason("session ended"));
							return;
						}
						this.sent = this.live.offset();
						continue;
					}
					if (System.nanoTime() - this.lastSend >= PING_NANOS) {
						BlockingSend.send(this.socket, new PingMessage());
						this.lastSend = System.nanoTime();
					}
					// Either the output reader sees the pump idle, or the pump sees its
					// change.
					this.idle = true;
					more = this.live.changedSinceNext();
				}
				finally {
					this.claim.release();
				}
				if (!more) {
					this.wake.await(this.lastSend + PING_NANOS);
				}
			}
		}
		catch (InterruptedException ex) {
			// The server stops.
		}
		catch (IOException ex) {
			// Too slow (a send made no progress for 20 s) or gone.
			closeQuietly(CloseStatus.POLICY_VIOLATION
				.withReason("output could not be sent; reconnect with offset=" + this.sent));
		}
		catch (OutputException.ResourcesExhausted ex) {
			// The bytes are kept: 1013, try again later.
			closeQuietly(CloseStatus.SERVICE_OVERLOAD
				.withReason("out of file descriptors; reconnect with offset=" + this.sent));
		}
		catch (Exception ex) {
			logger.error("The attach channel of session {} failed", this.sessionId, ex);
			closeQuietly(CloseStatus.SERVER_ERROR);
		}
	}

	/** Whether the pump waits, caught up: output then leaves from the reader's thread. */
	boolean waiting() {
		return this.idle;
	}

	private String frame(LiveEvent event) {
		return this.json.writeValueAsString(ServerMessages.of(event));
	}

	private void closeQuietly(CloseStatus status) {
		try {
			this.socket.close(status);
		}
		catch (IOException ex) {
			// Already gone.
		}
	}

}
