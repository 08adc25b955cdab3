package dev.execd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.codec.ServerSentEvent;

/**
 * A real SSE client for tests: the JDK's HTTP client reading {@code text/event-stream}
 * line by line (fields {@code event}, {@code id}, {@code data}; comments skipped), with
 * helpers to collect events until a condition. Cancelling the stream closes the
 * connection.
 */
public final class SseClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	private final String base;

	public SseClient(int port) {
		this.base = "http://127.0.0.1:" + port;
	}

	/** The events of {@code path}, as a cold stream; headers are name/value pairs. */
	public Flux<ServerSentEvent<String>> events(String path, String... headers) {
		return Flux.create((sink) -> {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
				.header("Accept", "text/event-stream");
			for (int i = 0; i < headers.length; i += 2) {
				request.header(headers[i], headers[i + 1]);
			}
			AtomicReference<InputStream> body = new AtomicReference<>();
			Thread reader = Thread.ofPlatform().daemon().name("sse-test-client").start(() -> read(request, sink, body));
			sink.onDispose(() -> {
				reader.interrupt();
				close(body.get());
			});
		});
	}

	private static void read(HttpRequest.Builder request, FluxSink<ServerSentEvent<String>> sink,
			AtomicReference<InputStream> opened) {
		try {
			HttpResponse<InputStream> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
			try (InputStream body = response.body()) {
				if (response.statusCode() / 100 != 2) {
					sink.error(new IllegalStateException("stream answered " + response.statusCode() + ": "
							+ new String(body.readAllBytes(), StandardCharsets.UTF_8)));
					return;
				}
				opened.set(body);
				if (sink.isCancelled()) {
					return;
				}
				parse(new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8)), sink);
			}
		}
		catch (IOException ex) {
			if (!sink.isCancelled()) {
				sink.error(ex);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void parse(BufferedReader lines, FluxSink<ServerSentEvent<String>> sink) throws IOException {
		String event = null;
		String id = null;
		StringBuilder data = null;
		for (String line = lines.readLine(); line != null && !sink.isCancelled(); line = lines.readLine()) {
			if (line.isEmpty()) {
				if (data != null || event != null) {
					ServerSentEvent.Builder<String> built = ServerSentEvent.<String>builder().event(event);
					if (id != null) {
						// An event without an id line keeps the last one, as EventSource
						// does.
						built.id(id);
					}
					sink.next(built.data((data != null) ? data.toString() : null).build());
				}
				event = null;
				data = null;
				continue;
			}
			if (line.startsWith(":")) {
				continue;
			}
			int colon = line.indexOf(':');
			String field = (colon < 0) ? line : line.substring(0, colon);
			String value = (colon < 0) ? "" : line.substring(colon + 1);
			value = value.startsWith(" ") ? value.substring(1) : value;
			switch (field) {
				case "event" -> event = value;
				case "id" -> id = value;
				case "data" -> data = (data == null) ? new StringBuilder(value) : data.append('\n').append(value);
				default -> {
				}
			}
		}
		sink.complete();
	}

	private static void close(@Nullable InputStream body) {
		try {
			if (body != null) {
				body.close();
			}
		}
		catch (IOException ex) {
			// Closing a stream the test no longer reads: nothing to do.
		}
	}

	/**
	 * Collects events up to and including the first that matches, or until the stream
	 * ends.
	 */
	public List<ServerSentEvent<String>> until(Predicate<ServerSentEvent<String>> last, String path,
			String... headers) {
		return events(path, headers).takeUntil(last).collectList().block(Duration.ofSeconds(120));
	}

	public static JsonNode data(ServerSentEvent<String> event) {
		return JSON.readTree(event.data());
	}

	public static boolean isExit(ServerSentEvent<String> event) {
		return "exit".equals(event.event());
	}

}
