package dev.execd.bench;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A small blocking HTTP/1.1 client over one keep-alive connection, the way an agent's
 * client talks to execd: one request at a time, TCP_NODELAY, each request written with
 * one system call. It adds next to nothing to the latency it measures (no executor hops,
 * no connection pool), which {@code java.net.http.HttpClient} would. It reconnects when
 * the server closes the connection ({@code Connection: close}, e.g. Tomcat's
 * max-keep-alive-requests) and counts how often it had to.
 */
final class Http implements Closeable {

	/** An idle keep-alive connection older than this is replaced before it is used. */
	private static final long STALE_NANOS = TimeUnit.SECONDS.toNanos(5);

	private final int port;

	private final String conversation;

	private final byte[] buf = new byte[64 * 1024];

	private int pos;

	private int lim;

	private Socket socket;

	private InputStream in;

	private OutputStream out;

	private long lastUsed;

	private int connects;

	Http(int port, String conversation) {
		this.port = port;
		this.conversation = conversation;
	}

	/** A complete response. */
	record Response(int status, Map<String, String> headers, byte[] body) {

		String text() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

		Map<String, Object> json() {
			return Json.object(text());
		}

	}

	/** A response whose body is read as it arrives; closing it closes the connection. */
	record Streamed(int status, Map<String, String> headers, InputStream body, Http connection) implements Closeable {

		@Override
		public void close() {
			this.connection.close();
		}

	}

	/** Connections opened so far: 1 when keep-alive held for every request. */
	int connects() {
		return this.connects;
	}

	Response get(String path) throws IOException {
		return call("GET", path, null);
	}

	Response post(String path, String json) throws IOException {
		return call("POST", path, json);
	}

	Response delete(String path) throws IOException {
		return call("DELETE", path, null);
	}

	Response call(String method, String path, String json) throws IOException {
		send(method, path, json, Map.of());
		int status = status();
		Map<String, String> headers = headers();
		byte[] body;
		try (InputStream stream = body(status, headers)) {
			body = stream.readAllBytes();
		}
		finish(status, headers);
		return new Response(status, headers, body);
	}

	/**
	 * Sends a request and returns as soon as the headers arrived; the caller reads the
	 * body as it streams in. The connection is used for nothing else afterwards.
	 */
	Streamed stream(String method, String path, Map<String, String> extraHeaders) throws IOException {
		send(method, path, null, extraHeaders);
		int status = status();
		Map<String, String> headers = headers();
		return new Streamed(status, headers, body(status, headers), this);
	}

	private void send(String method, String path, String json, Map<String, String> extraHeaders)
			throws IOException {
		if (this.socket != null && System.nanoTime() - this.lastUsed > STALE_NANOS) {
			close();
		}
		if (this.socket == null) {
			connect();
		}
		byte[] body = (json != null) ? json.getBytes(StandardCharsets.UTF_8) : new byte[0];
		StringBuilder head = new StringBuilder(256).append(method)
			.append(' ')
			.append(path)
			.append(" HTTP/1.1\r\nHost: 127.0.0.1:")
			.append(this.port)
			.append("\r\nX-Conversation-Id: ")
			.append(this.conversation)
			.append("\r\n");
		if (json != null) {
			head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
		}
		extraHeaders.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
		head.append("\r\n");
		byte[] top = head.toString().getBytes(StandardCharsets.ISO_8859_1);
		byte[] request = new byte[top.length + body.length];
		System.arraycopy(top, 0, request, 0, top.length);
		System.arraycopy(body, 0, request, top.length, body.length);
		this.out.write(request);
		this.out.flush();
	}

	private void connect() throws IOException {
		Socket s = new Socket();
		s.setTcpNoDelay(true);
		s.setSoTimeout((int) TimeUnit.MINUTES.toMillis(5));
		s.connect(new InetSocketAddress("127.0.0.1", this.port), 5000);
		this.socket = s;
		this.in = s.getInputStream();
		this.out = s.getOutputStream();
		this.pos = 0;
		this.lim = 0;
		this.connects++;
	}

	private int status() throws IOException {
		String line = line();
		// HTTP/1.1 200 OK
		return Integer.parseInt(line.substring(9, 12));
	}

	private Map<String, String> headers() throws IOException {
		Map<String, String> headers = new LinkedHashMap<>();
		String line;
		while (!(line = line()).isEmpty()) {
			int colon = line.indexOf(':');
			headers.put(line.substring(0, colon).trim().toLowerCase(), line.substring(colon + 1).trim());
		}
		return headers;
	}

	private InputStream body(int status, Map<String, String> headers) {
		if (bodiless(status)) {
			return new Fixed(0);
		}
		if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			return new Chunked();
		}
		String length = headers.get("content-length");
		return new Fixed((length != null) ? Long.parseLong(length) : Long.MAX_VALUE);
	}

	private void finish(int status, Map<String, String> headers) {
		this.lastUsed = System.nanoTime();
		if ("close".equalsIgnoreCase(headers.get("connection")) || !bodiless(status)
				&& !headers.containsKey("content-length")
				&& !"chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			close();
		}
	}

	/**
	 * 204 and 304 have no body and need no length (Jupyter's Tornado sends a 204 without
	 * one): the connection stays usable.
	 */
	private static boolean bodiless(int status) {
		return status == 204 || status == 304;
	}

	private String line() throws IOException {
		StringBuilder line = new StringBuilder(64);
		while (true) {
			if (this.pos == this.lim && !fill()) {
				throw new EOFException("connection closed by the server");
			}
			byte b = this.buf[this.pos++];
			if (b == '\n') {
				int n = line.length();
				if (n > 0 && line.charAt(n - 1) == '\r') {
					line.setLength(n - 1);
				}
				return line.toString();
			}
			line.append((char) (b & 0xff));
		}
	}

	private boolean fill() throws IOException {
		int n = this.in.read(this.buf, 0, this.buf.length);
		this.pos = 0;
		this.lim = Math.max(n, 0);
		return n > 0;
	}

	private int readSome(byte[] dst, int off, int len) throws IOException {
		if (this.pos == this.lim) {
			if (len >= this.buf.length) {
				return this.in.read(dst, off, len);
			}
			if (!fill()) {
				return -1;
			}
		}
		int n = Math.min(len, this.lim - this.pos);
		System.arraycopy(this.buf, this.pos, dst, off, n);
		this.pos += n;
		return n;
	}

	@Override
	public void close() {
		if (this.socket != null) {
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// Closing a dead connection: nothing to do.
			}
			this.socket = null;
		}
	}

	/** A response body: bulk reads only, the single-byte read goes through them. */
	private abstract static class Body extends InputStream {

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xff;
		}

	}

	/** A body of known length (or until the connection closes). */
	private final class Fixed extends Body {

		private long left;

		Fixed(long left) {
			this.left = left;
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			if (this.left == 0) {
				return -1;
			}
			int n = readSome(b, off, (int) Math.min(len, this.left));
			if (n < 0) {
				if (this.left == Long.MAX_VALUE) {
					return -1;
				}
				throw new EOFException("body cut short");
			}
			this.left -= n;
			return n;
		}

	}

	/** A chunked body. */
	private final class Chunked extends Body {

		private long left;

		private boolean done;

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			if (this.done) {
				return -1;
			}
			if (this.left == 0) {
				String size = line();
				int semi = size.indexOf(';');
				this.left = Long.parseLong((semi >= 0) ? size.substring(0, semi).trim() : size.trim(), 16);
				if (this.left == 0) {
					while (!line().isEmpty()) {
						// trailers
					}
					this.done = true;
					return -1;
				}
			}
			int n = readSome(b, off, (int) Math.min(len, this.left));
			if (n < 0) {
				throw new EOFException("chunk cut short");
			}
			this.left -= n;
			if (this.left == 0) {
				line();
			}
			return n;
		}

	}

}
