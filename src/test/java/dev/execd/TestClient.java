package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small HTTP client for end-to-end tests: real requests to the server on its port, JSON
 * in and out.
 */
public final class TestClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String base;

	private final List<String> defaultHeaders = new ArrayList<>();

	public TestClient(int port) {
		this.base = "http://127.0.0.1:" + port;
	}

	/** A client that sends this conversation id on every request. */
	public TestClient inConversation(String conversation) {
		TestClient client = new TestClient(this);
		client.defaultHeaders.addAll(List.of("X-Conversation-Id", conversation));
		return client;
	}

	private TestClient(TestClient other) {
		this.base = other.base;
		this.defaultHeaders.addAll(other.defaultHeaders);
	}

	/** A client that also sends this header on every request. */
	public TestClient withHeader(String name, String value) {
		TestClient client = new TestClient(this);
		client.defaultHeaders.addAll(List.of(name, value));
		return client;
	}

	/** The conversation id this client sends, or null. */
	public String conversation() {
		int at = this.defaultHeaders.indexOf("X-Conversation-Id");
		return (at >= 0) ? this.defaultHeaders.get(at + 1) : null;
	}

	public Response get(String path, String... headers) {
		return send("GET", path, null, (String) null, headers);
	}

	public Response delete(String path, String... headers) {
		return send("DELETE", path, null, (String) null, headers);
	}

	public Response post(String path, Object body, String... headers) {
		return send("POST", path, "application/json", JSON.writeValueAsString(body), headers);
	}

	public Response send(String method, String path, String contentType, String body, String... headers) {
		return send(method, path, contentType,
				(body != null) ? HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)
						: HttpRequest.BodyPublishers.noBody(),
				headers);
	}

	/** A PUT of raw bytes, as a file upload. */
	public Response put(String path, byte[] body, String... headers) {
		return send("PUT", path, "application/octet-stream", HttpRequest.BodyPublishers.ofByteArray(body), headers);
	}

	public Response send(String method, String path, String contentType, HttpRequest.BodyPublisher body,
			String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(Duration.ofSeconds(60))
			.method(method, body);
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		List<String> all = new ArrayList<>(this.defaultHeaders);
		all.addAll(List.of(headers));
		for (int i = 0; i < all.size(); i += 2) {
			request.header(all.get(i), all.get(i + 1));
		}
		try {
			HttpResponse<byte[]> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
			return new Response(response.statusCode(), response.headers().map(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A {@code HEAD} request on a connection of its own, read until the server closes it,
	 * so bytes sent after the head (which a HEAD answer must not have) are seen.
	 */
	public RawAnswer head(String path) throws IOException {
		URI uri = URI.create(this.base + path);
		StringBuilder request = new StringBuilder("HEAD " + uri.getRawPath()
				+ ((uri.getRawQuery() != null) ? "?" + uri.getRawQuery() : "") + " HTTP/1.1\r\n");
		request.append("Host: 127.0.0.1\r\nConnection: close\r\n");
		for (int i = 0; i < this.defaultHeaders.size(); i += 2) {
			request.append(this.defaultHeaders.get(i))
				.append(": ")
				.append(this.defaultHeaders.get(i + 1))
				.append("\r\n");
		}
		request.append("\r\n");
		try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
			byte[] all = socket.getInputStream().readAllBytes();
			String text = new String(all, StandardCharsets.ISO_8859_1);
			int end = text.indexOf("\r\n\r\n");
			if (end < 0) {
				throw new AssertionError("no complete head: " + text);
			}
			return new RawAnswer(text.substring(0, end), all.length - (end + 4));
		}
	}

	/**
	 * An answer read off the socket.
	 *
	 * @param head the status line and header lines
	 * @param bytesAfterHead how many bytes followed the head
	 */
	public record RawAnswer(String head, int bytesAfterHead) {

	}

	/** Starts a session and returns the result body; fails unless 201. */
	public JsonNode start(Map<String, ?> body) {
		Response response = post("/sessions", body);
		if (response.status() != 201) {
			throw new AssertionError("start failed: " + response.status() + " " + response.text());
		}
		return response.json();
	}

	/**
	 * One HTTP response.
	 */
	public record Response(int status, Map<String, List<String>> headers, byte[] body) {

		public JsonNode json() {
			return JSON.readTree(this.body);
		}

		public String text() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

		public String header(String name) {
			return this.headers.entrySet()
				.stream()
				.filter((e) -> e.getKey().equalsIgnoreCase(name))
				.map((e) -> e.getValue().get(0))
				.findFirst()
				.orElse(null);
		}

	}

}
