package dev.execd;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recorder of one attach connection over the JDK's WebSocket client: every message
 * execd sends, in order, polled with a timeout, and the close it ends with.
 */
final class AttachClient implements WebSocket.Listener, AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();

	private final StringBuilder text = new StringBuilder();

	private final CompletableFuture<Close> closed = new CompletableFuture<>();

	private WebSocket socket;

	// One per connection: closed with it, so its selector thread does not outlive it.
	private HttpClient http;

	// While paused nothing more is read from the socket: the client falls behind.
	private volatile boolean paused;

	// Until it completes the client does not answer execd's close, and can still send.
	private volatile CompletableFuture<Void> closeReply;

	record Close(int code, String reason) {

	}

	/**
	 * Connects; {@code headers} are name, value pairs.
	 * @throws java.util.concurrent.CompletionException with a
	 * {@link java.net.http.WebSocketHandshakeException} when refused
	 */
	static AttachClient connect(int port, String pathAndQuery, String... headers) {
		return connect(false, port, pathAndQuery, headers);
	}

	/** Connects a client that reads nothing until {@link #resume}. */
	static AttachClient connectPaused(int port, String pathAndQuery, String... headers) {
		return connect(true, port, pathAndQuery, headers);
	}

	private static AttachClient connect(boolean paused, int port, String pathAndQuery, String... headers) {
		AttachClient client = new AttachClient();
		client.paused = paused;
		client.http = HttpClient.newHttpClient();
		WebSocket.Builder builder = client.http.newWebSocketBuilder();
		for (int i = 0; i < headers.length; i += 2) {
			builder.header(headers[i], headers[i + 1]);
		}
		client.socket = builder.buildAsync(URI.create("ws://127.0.0.1:" + port + pathAndQuery), client).join();
		return client;
	}

	/**
	 * A handshake over a raw socket, for refusals: the status line, headers and the
	 * problem body.
	 */
	static String handshake(int port, String conversation, String path, String... extra) {
		String[] headers = { "Host: 127.0.0.1:" + port, "Upgrade: websocket",
				"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
				"X-Conversation-Id: " + conversation };
		String[] all = Arrays.copyOf(headers, headers.length + extra.length);
		System.arraycopy(extra, 0, all, headers.length, extra.length);
		return RawHttp.send(port, "GET", path, all);
	}

	static void assertProblem(String response, int status, String code) {
		assertThat(RawHttp.status(response)).as(response).isEqualTo(status);
		assertThat(response).contains("application/problem+json").contains("\"code\":\"" + code + "\"");
	}

	@Override
	public void onOpen(WebSocket webSocket) {
		if (!this.paused) {
			webSocket.request(1);
		}
	}

	void resume() {
		this.paused = false;
		this.socket.request(1);
	}

	@Override
	public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
		this.text.append(data);
		if (last) {
			this.messages.add(JSON.readTree(this.text.toString()));
			this.text.setLength(0);
		}
		if (!this.paused) {
			webSocket.request(1);
		}
		return null;
	}

	@Override
	public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
		this.closed.complete(new Close(statusCode, reason));
		return this.closeReply;
	}

	@Override
	public void onError(WebSocket webSocket, Throwable error) {
		this.closed.completeExceptionally(error);
	}

	/** Holds the answer to execd's close until {@link #replyToClose}. */
	void holdCloseReply() {
		this.closeReply = new CompletableFuture<>();
	}

	void replyToClose() {
		this.closeReply.complete(null);
	}

	void sendBytes(String bytes) {
		this.socket.sendBinary(ByteBuffer.wrap(bytes.getBytes(StandardCharsets.UTF_8)), true).join();
	}

	void sendBytes(byte[] bytes) {
		this.socket.sendBinary(ByteBuffer.wrap(bytes), true).join();
	}

	void sendText(String message) {
		this.socket.sendText(message, true).join();
	}

	/** The next message; fails when none comes in time. */
	JsonNode next() throws InterruptedException {
		JsonNode message = this.messages.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(message).as("a message within %s (the connection: %s)", TIMEOUT, state()).isNotNull();
		return message;
	}

	/** How the connection stands, for a failure's message: open, or how it closed. */
	private String state() {
		if (!this.closed.isDone()) {
			return "open";
		}
		try {
			return "closed with " + this.closed.getNow(null);
		}
		catch (RuntimeException ex) {
			return "failed: " + ex.getCause();
		}
	}

	/** Messages up to and including the first that matches. */
	List<JsonNode> until(Predicate<JsonNode> last) throws InterruptedException {
		List<JsonNode> received = new ArrayList<>();
		JsonNode message;
		do {
			message = next();
			received.add(message);
		}
		while (!last.test(message));
		return received;
	}

	/** Output messages until their text so far contains {@code expected}; returns it. */
	String outputUntil(String expected) throws InterruptedException {
		StringBuilder output = new StringBuilder();
		while (!output.toString().contains(expected)) {
			JsonNode message = next();
			assertThat(message.get("type").asString()).as(message.toString()).isEqualTo("output");
			output.append(message.get("text").asString());
		}
		return output.toString();
	}

	/** The messages received and not taken yet, taken now. */
	List<JsonNode> received() {
		List<JsonNode> received = new ArrayList<>();
		this.messages.drainTo(received);
		return received;
	}

	Close closed() throws Exception {
		return this.closed.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
	}

	static boolean isExit(JsonNode message) {
		return "exit".equals(message.get("type").asString());
	}

	@Override
	public void close() {
		if (!this.socket.isOutputClosed()) {
			this.socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye");
		}
		this.socket.abort();
		this.http.shutdownNow();
	}

}
