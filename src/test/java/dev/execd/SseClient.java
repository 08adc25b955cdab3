package dev.execd;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A real SSE client for tests (WebClient's event-stream decoder), with helpers to collect
 * events until a condition.
 */
public final class SseClient {

	private static final ParameterizedTypeReference<ServerSentEvent<String>> EVENT = new ParameterizedTypeReference<>() {
	};

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final WebClient web;

	public SseClient(int port) {
		this.web = WebClient.builder()
			.baseUrl("http://127.0.0.1:" + port)
			.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(1024 * 1024))
			.build();
	}

	/** The events of {@code path}, as a cold stream; headers are name/value pairs. */
	public Flux<ServerSentEvent<String>> events(String path, String... headers) {
		return this.web.get().uri(path).headers((h) -> {
			for (int i = 0; i < headers.length; i += 2) {
				h.add(headers[i], headers[i + 1]);
			}
		}).retrieve().bodyToFlux(EVENT);
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
