package dev.execd.api.attach;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

import dev.execd.api.ApiException;
import dev.execd.api.Refusals;
import dev.execd.session.Input;
import dev.execd.session.LiveOutput;
import dev.execd.session.Session;
import dev.execd.session.SessionException;
import jakarta.websocket.RemoteEndpoint;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * One attach connection. What the client sends is handled on the container's thread as it
 * arrives: a binary message goes to stdin as it is, whole or not at all, a text message
 * is a {@link ClientMessage}. What it sends, output and refusals in one order, goes
 * through {@link AttachOutput}.
 */
final class AttachSocket extends AbstractWebSocketHandler {

	private static final Logger logger = LoggerFactory.getLogger(AttachSocket.class);

	/**
	 * A send that made no progress for this long fails, as Tomcat's blocking sends do.
	 */
	private static final long SEND_TIMEOUT_MILLIS = 20_000;

	/**
	 * Most characters of one text message: an input message may carry 1 MiB of input,
	 * which base64 makes 1.4 MiB.
	 */
	static final int MAX_TEXT_CHARS = 2 * 1024 * 1024;

	/** Most bytes of one binary message: as much as one input of {@code POST /stdin}. */
	static final int MAX_BINARY_BYTES = Input.MAX_BYTES;

	private static final byte[] NO_BYTES = new byte[0];

	private final Session session;

	private final LiveOutput live;

	private final JsonMapper json;

	// Only the container's thread of this connection touches these five.
	private final StringBuilder text = new StringBuilder();

	private boolean textTooLong;

	private byte[] binary = NO_BYTES;

	private int binaryLength;

	private boolean binaryTooLong;

	private volatile @Nullable AttachOutput output;

	AttachSocket(Session session, LiveOutput live, JsonMapper json) {
		this.session = session;
		this.live = live;
		this.json = json;
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession socket) {
		AttachOutput output = new AttachOutput(this.session.id(), this.live, this.json, socket, directSends(socket));
		this.output = output;
		output.start();
	}

	@Override
	public boolean supportsPartialMessages() {
		// Parts are joined here, each kind up to its own bound: left to the container, a
		// message larger than its buffer would close the connection.
		return true;
	}

	/**
	 * Joins the parts of a binary message and queues it with one write, which the session
	 * takes whole or refuses whole: a part written while a later one is refused (a full
	 * queue) would leave the program a stream with a hole the client cannot place.
	 */
	@Override
	protected void handleBinaryMessage(WebSocketSession socket, BinaryMessage message) {
		ByteBuffer part = message.getPayload();
		if ((long) this.binaryLength + part.remaining() > MAX_BINARY_BYTES) {
			this.binaryTooLong = true;
			this.binary = NO_BYTES;
			this.binaryLength = 0;
		}
		else if (!this.binaryTooLong) {
			append(part);
		}
		if (!message.isLast()) {
			return;
		}
		byte[] whole = (this.binary.length == this.binaryLength) ? this.binary
				: Arrays.copyOf(this.binary, this.binaryLength);
		boolean tooLong = this.binaryTooLong;
		// A connection keeps no buffer between messages.
		this.binary = NO_BYTES;
		this.binaryLength = 0;
		this.binaryTooLong = false;
		if (tooLong) {
			refuse("payload_too_large", "a binary message holds at most " + MAX_BINARY_BYTES
					+ " bytes; send larger input as several messages");
			return;
		}
		if (whole.length > 0) {
			act(() -> this.session.write(whole, false, false, null));
		}
	}

	private void append(ByteBuffer part) {
		int length = this.binaryLength + part.remaining();
		if (length > this.binary.length) {
			// A message that comes in one part gets an array of its size; one in many
			// parts doubles, up to the bound.
			int size = (this.binaryLength == 0) ? length
					: Math.min(MAX_BINARY_BYTES, Math.max(length, 2 * this.binary.length));
			this.binary = Arrays.copyOf(this.binary, size);
		}
		part.get(this.binary, this.binaryLength, part.remaining());
		this.binaryLength = length;
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
		AttachOutput output = this.output;
		try {
			if (output != null) {
				output.send(new TextMessage(this.json.writeValueAsString(new ServerMessages.Error(code, detail))));
			}
		}
		catch (IOException ex) {
			// The client went away; the connection's end stops the pump.
		}
		catch (IllegalStateException ex) {
			// Closed by this side already (the exit closes the connection while the
			// client's messages still arrive until its close does): nobody to tell, and
			// thrown on, the container would log each one as an error.
			logger.debug("Attach connection of session {} closed; refusal {} dropped", this.session.id(), code);
		}
	}

	@Override
	public void afterConnectionClosed(WebSocketSession socket, CloseStatus status) {
		AttachOutput output = this.output;
		if (output != null) {
			output.stop();
		}
	}

	/** The socket's non-blocking sends, or null where the container has none. */
	private static RemoteEndpoint.@Nullable Async directSends(WebSocketSession socket) {
		if (socket instanceof NativeWebSocketSession nativeSocket) {
			jakarta.websocket.Session session = nativeSocket.getNativeSession(jakarta.websocket.Session.class);
			if (session != null) {
				RemoteEndpoint.Async async = session.getAsyncRemote();
				async.setSendTimeout(SEND_TIMEOUT_MILLIS);
				return async;
			}
		}
		return null;
	}

}
