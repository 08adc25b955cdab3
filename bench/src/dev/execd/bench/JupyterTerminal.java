package dev.execd.bench;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One Jupyter terminal's websocket ({@code /terminals/websocket/<name>}), with
 * {@code java.net.http.WebSocket}: JSON text frames, {@code ["stdin", text]} out,
 * {@code ["stdout", text]} in ({@code ["setup", {}]} first, {@code ["disconnect", 1]} when
 * the terminal's process ended). Received text waits in a buffer for
 * {@link #readUntil}, or goes to a sink while one is set ({@link #drain}).
 */
final class JupyterTerminal implements Closeable, Typist.Terminal, WebSocket.Listener {

	/**
	 * One client for every socket. Its listener calls run on its selector thread (a
	 * direct executor): they only append under a lock, and a hand-off to a pool would
	 * add a thread hop to every echo that execd's blocking client does not pay.
	 */
	private static final HttpClient CLIENT = HttpClient.newBuilder().executor(Runnable::run).build();

	private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

	private final StringBuilder pending = new StringBuilder();

	private final StringBuilder message = new StringBuilder();

	private Consumer<String> sink;

	private boolean disconnected;

	private Throwable failure;

	private WebSocket socket;

	private JupyterTerminal() {
	}

	static JupyterTerminal open(int port, String name, String token) throws Exception {
		JupyterTerminal terminal = new JupyterTerminal();
		URI uri = URI.create("ws://127.0.0.1:" + port + "/terminals/websocket/" + name + "?token=" + token);
		terminal.socket = CLIENT.newWebSocketBuilder().buildAsync(uri, terminal).get(30, TimeUnit.SECONDS);
		return terminal;
	}

	/** Sends {@code ["stdin", text]}. */
	void send(String text) {
		this.socket.sendText("[\"stdin\"," + Json.quote(text) + "]", true).join();
	}

	@Override
	public void type(String chars, String until) throws IOException {
		send(chars);
		readUntil(until);
	}

	/** Waits until {@code needle} has arrived; consumes the text up to its end. */
	synchronized void readUntil(String needle) throws IOException {
		long deadline = System.nanoTime() + TIMEOUT_NANOS;
		int at;
		while ((at = this.pending.indexOf(needle)) < 0) {
			await(deadline, "'" + needle + "'");
		}
		this.pending.delete(0, at + needle.length());
	}

	/** Waits until the text so far ends with {@code suffix}; consumes all of it. */
	synchronized void readUntilEndsWith(String suffix) throws IOException {
		long deadline = System.nanoTime() + TIMEOUT_NANOS;
		while (!(this.pending.length() >= suffix.length()
				&& this.pending.substring(this.pending.length() - suffix.length()).equals(suffix))) {
			await(deadline, "a text ending with '" + suffix + "'");
		}
		this.pending.setLength(0);
	}

	/**
	 * Hands the text not consumed yet and every text from now on to {@code sink} until the
	 * terminal's process ended ({@code disconnect}), then returns.
	 */
	synchronized void drain(Consumer<String> sink, long timeoutNanos) throws IOException {
		sink.accept(this.pending.toString());
		this.pending.setLength(0);
		this.sink = sink;
		long deadline = System.nanoTime() + timeoutNanos;
		while (!this.disconnected) {
			await(deadline, "the end of the terminal");
		}
		this.sink = null;
	}

	private void await(long deadline, String what) throws IOException {
		if (this.failure != null) {
			throw new IOException("peer websocket failed", this.failure);
		}
		long left = deadline - System.nanoTime();
		if (left <= 0 || this.disconnected && this.sink == null) {
			throw new IOException("peer terminal: no " + what + " (" + (this.disconnected ? "ended" : "timed out")
					+ ") after: " + Context.abbreviate(this.pending.toString()));
		}
		try {
			TimeUnit.NANOSECONDS.timedWait(this, left);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted");
		}
	}

	@Override
	public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
		this.message.append(data);
		if (last) {
			List<?> frame = (List<?>) Json.parse(this.message.toString());
			this.message.setLength(0);
			synchronized (this) {
				switch (String.valueOf(frame.get(0))) {
					case "stdout" -> {
						String text = (String) frame.get(1);
						if (this.sink != null) {
							this.sink.accept(text);
						}
						else {
							this.pending.append(text);
						}
					}
					case "disconnect" -> this.disconnected = true;
					default -> {
						// "setup": nothing to do.
					}
				}
				notifyAll();
			}
		}
		webSocket.request(1);
		return null;
	}

	@Override
	public synchronized CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
		this.disconnected = true;
		notifyAll();
		return null;
	}

	@Override
	public synchronized void onError(WebSocket webSocket, Throwable error) {
		this.failure = error;
		notifyAll();
	}

	/** Closes the socket (the terminal stays until it is deleted). */
	@Override
	public void close() {
		this.socket.abort();
	}

}
