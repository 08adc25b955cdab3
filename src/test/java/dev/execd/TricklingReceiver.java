package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import tools.jackson.databind.json.JsonMapper;

/**
 * A webhook receiver that answers the status line and headers at once, then trickles its
 * announced body one byte every 100 ms for as long as the connection stays open: an HTTP
 * client that waits for the body waits forever. It records, per request, how long the
 * sender kept the connection open. A raw socket, so nothing on this side times out.
 */
final class TricklingReceiver implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** One request: its delivery, its session, and how long the sender kept it open. */
	record Held(String deliveryId, String sessionId, Duration open) {

	}

	private final ServerSocket server;

	private final int status;

	private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

	private final List<Held> held = new CopyOnWriteArrayList<>();

	TricklingReceiver(int status) {
		this.status = status;
		try {
			this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.threads.execute(this::accept);
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getLocalPort();
	}

	/** The requests about a session whose connection the sender closed, in order. */
	List<Held> held(String sessionId) {
		return this.held.stream().filter((held) -> held.sessionId().equals(sessionId)).toList();
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				this.threads.execute(() -> trickle(socket));
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private void trickle(Socket socket) {
		try (socket) {
			InputStream in = socket.getInputStream();
			String head = head(in);
			String sessionId = JSON.readTree(in.readNBytes(Integer.parseInt(header(head, "content-length", "0"))))
				.get("data")
				.get("session_id")
				.asString();
			long arrived = System.nanoTime();
			OutputStream out = socket.getOutputStream();
			out.write(("HTTP/1.1 " + this.status + " Whatever\r\nContent-Type: text/plain\r\n"
					+ "Content-Length: 1000000\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			try {
				while (true) {
					Thread.sleep(100);
					out.write('.');
					out.flush();
				}
			}
			catch (IOException ex) {
				// The sender closed the connection: what this receiver is here to see.
				this.held.add(new Held(header(head, "x-execd-delivery", ""), sessionId,
						Duration.ofNanos(System.nanoTime() - arrived)));
			}
		}
		catch (IOException | RuntimeException ex) {
			// A request this receiver could not read: not one of the test's.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static String head(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
			int b = in.read();
			if (b < 0) {
				throw new IOException("closed before the end of the head");
			}
			head.write(b);
		}
		return head.toString(StandardCharsets.US_ASCII);
	}

	/** A header's value, by its lower-case name. */
	private static String header(String head, String name, String absent) {
		for (String line : head.split("\r\n")) {
			if (line.toLowerCase(Locale.ROOT).startsWith(name + ":")) {
				return line.substring(line.indexOf(':') + 1).strip();
			}
		}
		return absent;
	}

	@Override
	public void close() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			// Closing anyway.
		}
		this.threads.shutdownNow();
	}

}
