package dev.execd.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A keystroke over the attach channel ({@code GET /sessions/{id}/attach}): the token goes
 * out as one binary frame to a {@code cat} on a PTY, and the step ends when the output
 * frames brought its echo back. The JDK's WebSocket client, one connection.
 */
final class AttachTyping implements Typist.Terminal, WebSocket.Listener, AutoCloseable {

	private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

	/**
	 * One client for every socket, its listener run on its selector thread (a direct
	 * executor) as {@link JupyterTerminal}'s: the default executor, a pool, added a thread
	 * hop to every echo that neither the peer's client nor the request API's pays.
	 */
	private static final HttpClient CLIENT = HttpClient.newBuilder().executor(Runnable::run).build();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition arrived = this.lock.newCondition();

	// Decoded output not yet matched; guarded by lock.
	private final StringBuilder output = new StringBuilder();

	private final StringBuilder frame = new StringBuilder();

	private final Http http;

	private final String id;

	private WebSocket socket;

	private AttachTyping(Http http, String id) {
		this.http = http;
		this.id = id;
	}

	/** Starts {@code cat} on a PTY and attaches to it; closing deletes it. */
	static AttachTyping open(Context ctx, Http http, String conversation) throws Exception {
		AttachTyping typing = new AttachTyping(http, Typist.startCat(ctx, http));
		typing.socket = CLIENT.newWebSocketBuilder()
			.header("X-Conversation-Id", conversation)
			.buildAsync(URI.create("ws://127.0.0.1:" + ctx.server.port + "/sessions/" + typing.id + "/attach"), typing)
			.get(10, TimeUnit.SECONDS);
		return typing;
	}

	/** Sends {@code chars} as one binary frame; returns once {@code until} came back. */
	@Override
	public void type(String chars, String until) throws Exception {
		this.socket.sendBinary(ByteBuffer.wrap(chars.getBytes(StandardCharsets.UTF_8)), true).join();
		awaitOutput(until);
	}

	private void awaitOutput(String expected) throws InterruptedException {
		long deadline = System.nanoTime() + TIMEOUT_NANOS;
		this.lock.lock();
		try {
			int at;
			while ((at = this.output.indexOf(expected)) < 0) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					throw new IllegalStateException("no echo of " + expected + " over attach: " + this.output);
				}
				this.arrived.awaitNanos(left);
			}
			this.output.delete(0, at + expected.length());
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
		this.frame.append(data);
		if (last) {
			Map<String, Object> message = Json.object(this.frame.toString());
			this.frame.setLength(0);
			if ("output".equals(message.get("type"))) {
				this.lock.lock();
				try {
					this.output.append((String) message.get("text"));
					this.arrived.signalAll();
				}
				finally {
					this.lock.unlock();
				}
			}
		}
		webSocket.request(1);
		return null;
	}

	@Override
	public void close() throws Exception {
		this.socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(5, TimeUnit.SECONDS);
		this.http.delete("/sessions/" + this.id);
	}

}
