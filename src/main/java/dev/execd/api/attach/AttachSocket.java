package dev.execd.api.attach;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;

import dev.execd.api.ApiException;
import dev.execd.api.Refusals;
import dev.execd.api.SessionView;
import dev.execd.output.OutputException;
import dev.execd.session.LiveOutput;
import dev.execd.session.Session;
import dev.execd.session.SessionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * One attach connection. What the client sends is handled on the container's thread as it
 * arrives: binary frames go to stdin as they are, text frames are {@link ClientMessage}s.
 * Output leaves from a virtual thread of its own ({@link #pump}), woken by the log when
 * the reader appended, so the reader never waits for a client; sends are serialized by
 * one lock, since a refusal may be sent while output is.
 */
final class AttachSocket extends AbstractWebSocketHandler {

	private static final Logger logger = LoggerFactory.getLogger(AttachSocket.class);

	/** A ping after this long without a frame, as SSE streams ping. */
	private static final long PING_NANOS = 15_000_000_000L;

	/**
	 * Most characters of one text message: an input message may carry 1 MiB of input,
	 * which base64 makes 1.4 MiB.
	 */
	static final int MAX_TEXT_CHARS = 2 * 1024 * 1024;

	private final Session session;

	private final LiveOutput live;

	private final JsonMapper json;

	private final ReentrantLock sending = new ReentrantLock();

	// Only the container's thread of this connection touches these two.
	private final StringBuilder text = new StringBuilder();

	private boolean textTooLong;

	private volatile @Nullable WebSocketSession socket;

	private volatile @Nullable Thread pump;

	AttachSocket(Session session, LiveOutput live, JsonMapper json) {
		this.session = session;
		this.live = live;
		this.json = json;
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession socket) {
		this.socket = socket;
		this.pump = Thread.ofVirtual().name("execd-attach-" + this.session.id()).start(() -> pump(socket));
	}

	@Override
	public boolean supportsPartialMessages() {
		// Parts of a large binary message go to stdin as they come; text is joined.
		return true;
	}

	@Override
	protected void handleBinaryMessage(WebSocketSession socket, BinaryMessage message) {
		ByteBuffer payload = message.getPayload();
		byte[] bytes = new byte[payload.remaining()];
		payload.get(bytes);
		if (bytes.length > 0) {
			act(() -> this.session.write(bytes, false, false, null));
		}
	}

	@Override
	protected void handleTextMessage(WebSocketSession socket, TextMessage message) {
		if (this.text.length() + message.getPayloadLength() > MAX_TEXT_CHARS) {
			this.textTooLong = true;
			this.text.setLength(0);
		}
		else if (!this.textTooLong) {
			this.text.append(message.getPayload());
		}
		if (!message.isLast()) {
			return;
		}
		String whole = this.text.toString();
		boolean tooLong = this.textTooLong;
		this.text.setLength(0);
		this.textTooLong = false;
		if (tooLong) {
			refuse("payload_too_large", "a text message holds at most " + MAX_TEXT_CHARS
					+ " characters; send large input as binary frames");
			return;
		}
		act(() -> {
			ClientMessage request = this.json.readValue(whole, ClientMessage.class);
			if (request == null) {
				throw ApiException.invalid("a message is one JSON object with a type");
			}
			request.apply(this.session);
		});
	}

	/** Runs what a message asks; a refusal is told to the client, which stays. */
	private void act(Runnable action) {
		try {
			action.run();
		}
		catch (ApiException ex) {
			refuse(ex.code(), ex.getMessage());
		}
		catch (SessionException ex) {
			refuse(Refusals.of(ex).code(), ex.getMessage());
		}
		catch (JacksonException ex) {
			refuse("invalid_request", Refusals.bodyDetail(ex));
		}
	}

	private void refuse(String code, String detail) {
		try {
			send(new TextMessage(this.json.writeValueAsString(new ServerMessages.Error(code, detail))));
		}
		catch (IOException ex) {
			// The client went away; the connection's end stops the pump.
		}
	}

	@Override
	public void afterConnectionClosed(WebSocketSession socket, CloseStatus status) {
		Thread thread = this.pump;
		if (thread != null) {
			thread.interrupt();
		}
	}

	/** Sends output until the session's end, the client's or a send that fails. */
	private void pump(WebSocketSession socket) {
		// Where the client resumes: the end of the last frame it was sent.
		long sent = this.live.offset();
		try (this.live) {
			long lastSend = System.nanoTime();
			while (socket.isOpen()) {
				LiveOutput.Event event = this.live.next();
				if (event == null) {
					this.live.await(lastSend + PING_NANOS);
					if (System.nanoTime() - lastSend >= PING_NANOS) {
						send(new PingMessage());
						lastSend = System.nanoTime();
					}
					continue;
				}
				send(new TextMessage(this.json.writeValueAsString(message(event))));
				lastSend = System.nanoTime();
				if (event instanceof LiveOutput.End) {
					socket.close(CloseStatus.NORMAL.withReason("session ended"));
					return;
				}
				sent = this.live.offset();
			}
		}
		catch (InterruptedException ex) {
			// The connection closed, or the server stops.
		}
		catch (IOException ex) {
			// Too slow or gone: Tomcat gives up a send that made no progress for 20 s.
			closeQuietly(socket,
					CloseStatus.POLICY_VIOLATION.withReason("output could not be sent; reconnect with offset=" + sent));
		}
		catch (OutputException.ResourcesExhausted ex) {
			// The bytes are kept: 1013, try again later.
			closeQuietly(socket,
					CloseStatus.SERVICE_OVERLOAD.withReason("out of file descriptors; reconnect with offset=" + sent));
		}
		catch (Exception ex) {
			logger.error("The attach channel of session {} failed", this.session.id(), ex);
			closeQuietly(socket, CloseStatus.SERVER_ERROR);
		}
	}

	private void send(WebSocketMessage<?> message) throws IOException {
		WebSocketSession socket = this.socket;
		if (socket == null) {
			return;
		}
		this.sending.lock();
		try {
			socket.sendMessage(message);
		}
		finally {
			this.sending.unlock();
		}
	}

	private static Object message(LiveOutput.Event event) {
		return switch (event) {
			case LiveOutput.Text text ->
				new ServerMessages.Text(text.offset(), text.next(), text.stream(), text.text());
			case LiveOutput.Bytes bytes ->
				new ServerMessages.Binary(bytes.offset(), bytes.next(), bytes.stream(), bytes.copy());
			case LiveOutput.Gap gap -> new ServerMessages.Gap(gap.from(), gap.to());
			case LiveOutput.End end -> new ServerMessages.Exit(SessionView.of(end.session()));
		};
	}

	private static void closeQuietly(WebSocketSession socket, CloseStatus status) {
		try {
			socket.close(status);
		}
		catch (IOException ex) {
			// Already gone.
		}
	}

}
