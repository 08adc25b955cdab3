package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.ToIntFunction;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A webhook receiver for tests: an embedded HTTP server on a free loopback port that
 * records every request (path, headers, exact body bytes) and answers with the status a
 * function of the request gives; a negative status means never answering.
 */
final class WebhookReceiver implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** One request as received. */
	record Received(String path, Headers headers, byte[] body) {

		JsonNode json() {
			return JSON.readTree(this.body);
		}

		String header(String name) {
			return this.headers.getFirst(name);
		}

		String sessionId() {
			return json().get("data").get("session_id").asString();
		}

		String type() {
			return json().get("type").asString();
		}

	}

	private final HttpServer server;

	private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private volatile ToIntFunction<Received> answer = (request) -> 200;

	WebhookReceiver() {
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.setExecutor(this.threads);
		this.server.createContext("/", (exchange) -> {
			Received request = new Received(exchange.getRequestURI().toString(), exchange.getRequestHeaders(),
					exchange.getRequestBody().readAllBytes());
			this.received.add(request);
			int status = this.answer.applyAsInt(request);
			if (status < 0) {
				try {
					Thread.sleep(600_000);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(Math.max(status, 200), body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
	}

	/** The base URL, without a trailing slash. */
	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	void answer(ToIntFunction<Received> answer) {
		this.answer = answer;
	}

	/** What arrived at a path, in order. */
	List<Received> at(String path) {
		return this.received.stream().filter((r) -> r.path().equals(path)).toList();
	}

	/** What arrived at a path about one session, in order. */
	List<Received> at(String path, String sessionId) {
		return at(path).stream().filter((r) -> r.sessionId().equals(sessionId)).toList();
	}

	List<Received> all() {
		return List.copyOf(this.received);
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

}
