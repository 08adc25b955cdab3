package dev.execd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP for {@link HostileInputPropertiesTests}: the JDK client, or a bare socket for
 * requests the JDK client refuses to send (odd bytes in the target or a header value).
 */
final class HostileHttp {

	private HostileHttp() {
	}

	/**
	 * A response, and whether the JDK client refused the request so it went over a bare
	 * socket (status 0: the server closed the connection without an answer).
	 */
	record Answer(String request, String target, String accept, int status, String contentType, byte[] body,
			boolean raw) {

		String text() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

	}

	private static final HttpClient HTTP = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	/** Sends with the JDK client, or over a bare socket what the JDK client refuses. */
	static Answer send(int port, String method, String target, String contentType, String body,
			Map<String, String> headers) {
		String what = printable(method + " " + target + " " + headers + " " + contentType + " "
				+ ((body != null && body.length() > 300) ? body.substring(0, 300) + "..." : body));
		byte[] bytes = (body != null) ? body.getBytes(StandardCharsets.UTF_8) : null;
		HttpRequest.Builder request;
		try {
			if (!target.chars().allMatch((c) -> c > 0x20 && c < 0x7f)) {
				// The JDK client fails on some (a lone surrogate: NullPointerException).
				throw new IllegalArgumentException("not ASCII");
			}
			request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + target))
				.timeout(Duration.ofSeconds(20))
				.method(method, (bytes != null) ? HttpRequest.BodyPublishers.ofByteArray(bytes)
						: HttpRequest.BodyPublishers.noBody());
			if (contentType != null) {
				request.header("Content-Type", contentType);
			}
			headers.forEach(request::header);
		}
		catch (IllegalArgumentException ex) {
			Map<String, String> all = new LinkedHashMap<>(headers);
			if (contentType != null) {
				all.put("Content-Type", contentType);
			}
			return raw(port, what, method, target, all, bytes);
		}
		try {
			HttpResponse<byte[]> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
			return new Answer(what, target, headers.get("Accept"), response.statusCode(),
					response.headers().firstValue("Content-Type").orElse(null), response.body(), false);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(what, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * One HTTP/1.1 request over a socket, target and header values sent as UTF-8 bytes.
	 */
	private static Answer raw(int port, String what, String method, String target, Map<String, String> headers,
			byte[] body) {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(15_000);
			StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
			head.append("Host: 127.0.0.1:").append(port).append("\r\n");
			headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
			if (body != null) {
				head.append("Content-Length: ").append(body.length).append("\r\n");
			}
			ByteArrayOutputStream request = new ByteArrayOutputStream();
			request.writeBytes(head.append("Connection: close\r\n\r\n").toString().getBytes(StandardCharsets.UTF_8));
			request.writeBytes((body != null) ? body : new byte[0]);
			socket.getOutputStream().write(request.toByteArray());
			byte[] response = socket.getInputStream().readAllBytes();
			String all = new String(response, StandardCharsets.ISO_8859_1);
			int end = all.indexOf("\r\n\r\n");
			if (end < 0) {
				return new Answer(what, target, headers.get("Accept"), 0, null, response, true);
			}
			Map<String, String> fields = new LinkedHashMap<>();
			for (String line : all.substring(all.indexOf("\r\n") + 2, end).split("\r\n")) {
				fields.putIfAbsent(line.substring(0, line.indexOf(':')).strip().toLowerCase(Locale.ROOT),
						line.substring(line.indexOf(':') + 1).strip());
			}
			byte[] content = Arrays.copyOfRange(response, end + 4, response.length);
			if ("chunked".equalsIgnoreCase(fields.get("transfer-encoding"))) {
				content = dechunk(content);
			}
			return new Answer(what, target, headers.get("Accept"), Integer.parseInt(all.substring(9, 12)),
					fields.get("content-type"), content, true);
		}
		catch (SocketException ex) {
			// Reset while writing: the server refused the request and closed.
			return new Answer(what, target, headers.get("Accept"), 0, null, new byte[0], true);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(what, ex);
		}
	}

	private static byte[] dechunk(byte[] chunked) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		String text = new String(chunked, StandardCharsets.ISO_8859_1);
		int at = 0;
		while (at < text.length()) {
			int eol = text.indexOf("\r\n", at);
			int size = Integer.parseInt(text.substring(at, eol).split(";")[0].strip(), 16);
			if (size == 0) {
				break;
			}
			out.write(chunked, eol + 2, size);
			at = eol + 2 + size + 2;
		}
		return out.toByteArray();
	}

	/**
	 * Percent-escapes decoded as UTF-8 bytes, or null when one is malformed or not UTF-8.
	 */
	static String percentDecoded(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (int i = 0; i < bytes.length; i++) {
			if (bytes[i] != '%') {
				out.write(bytes[i]);
			}
			else if (i + 2 < bytes.length && HexFormat.isHexDigit(bytes[i + 1]) && HexFormat.isHexDigit(bytes[i + 2])) {
				out.write(HexFormat.fromHexDigit(bytes[i + 1]) * 16 + HexFormat.fromHexDigit(bytes[i + 2]));
				i += 2;
			}
			else {
				return null;
			}
		}
		try {
			return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(out.toByteArray())).toString();
		}
		catch (CharacterCodingException ex) {
			return null;
		}
	}

	/** Control characters and surrogates as escapes, for readable reports. */
	static String printable(String text) {
		StringBuilder out = new StringBuilder();
		text.chars()
			.forEach((c) -> out.append((c < 0x20 || Character.isSurrogate((char) c))
					? String.format(Locale.ROOT, "\\u%04x", c) : String.valueOf((char) c)));
		return out.toString();
	}

}
