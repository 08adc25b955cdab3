package dev.execd;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import dev.execd.HostileHttp.Answer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed and hostile requests for every endpoint never get a 5xx, always get a
 * problem+json body with a code of SPEC section 7 (except a request the servlet container
 * refuses itself), and never harm a running session: after every try a {@code cat} in
 * another conversation still runs and echoes.
 */
class HostileInputPropertiesTests {

	static final String VICTIM_CONVERSATION = "victim-conversation";

	/** Nothing runs here: requests that could harm the victim are sent here instead. */
	static final String SCRATCH = "hostile-scratch";

	static final String STARTS = "hostile-start";

	/** No Content-Type header (not null, which edge cases would pick too often). */
	static final String NONE = "(none)";

	static final Map<Integer, Set<String>> CODES = Map.ofEntries(
			Map.entry(400,
					Set.of("invalid_request", "invalid_base64", "unknown_key", "unknown_signal",
							"invalid_conversation_id", "command_too_long")),
			Map.entry(401, Set.of("unauthorized")), Map.entry(403, Set.of("forbidden")),
			Map.entry(404, Set.of("session_not_found", "not_found")), Map.entry(405, Set.of("method_not_allowed")),
			Map.entry(409, Set.of("session_exited", "stdin_closed", "not_a_tty", "not_a_terminal")),
			Map.entry(410, Set.of("output_unavailable")), Map.entry(413, Set.of("payload_too_large")),
			Map.entry(415, Set.of("unsupported_media_type")), Map.entry(416, Set.of("offset_out_of_range")),
			Map.entry(422, Set.of("workdir_not_found", "workdir_not_allowed", "shell_not_found", "command_not_found")),
			Map.entry(429, Set.of("too_many_sessions", "too_many_subscribers", "stdin_queue_full")),
			Map.entry(503, Set.of("shutting_down", "resources_exhausted")));

	private static final AtomicInteger PINGS = new AtomicInteger();

	/** The application, started once for the class on first use, and its victim. */
	private static final class Server {

		static volatile Server started;

		static final Server INSTANCE = new Server();

		final Path dir;

		final ConfigurableApplicationContext context;

		final int port;

		final JsonMapper json;

		final String victim;

		private Server() {
			try {
				this.dir = Files.createTempDirectory("execd-hostile");
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			this.context = new SpringApplicationBuilder(ExecdApplication.class).run("--server.port=0",
					"--execd.output.dir=" + this.dir.resolve("out"), "--execd.process.kill-grace=500ms");
			started = this;
			this.port = Integer.parseInt(this.context.getEnvironment().getProperty("local.server.port"));
			this.json = this.context.getBean(JsonMapper.class);
			this.victim = new TestClient(this.port).inConversation(VICTIM_CONVERSATION)
				.start(Map.of("cmd", "cat", "yield_time_ms", 0, "name", "victim"))
				.get("session")
				.get("session_id")
				.asString();
		}

	}

	static Server server() {
		return Server.INSTANCE;
	}

	@AfterContainer
	static void stopServer() throws IOException {
		Server server = Server.started;
		if (server != null) {
			server.context.close();
			try (var files = Files.walk(server.dir)) {
				files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
			}
		}
	}

	@AfterProperty
	void victimSurvivedTheProperty() {
		assertVictimUnharmed("the property");
	}

	@Property(tries = 150)
	void startNeverFails(@ForAll("startBodies") String body, @ForAll("contentTypes") String contentType,
			@ForAll("accepts") String accept, @ForAll("startConversations") String conversation) {
		Map<String, String> headers = new LinkedHashMap<>();
		putIfNotNull(headers, "X-Conversation-Id", conversation);
		putIfNotNull(headers, "Accept", accept);
		Answer answer = HostileHttp.send(server().port, "POST", "/sessions", contentType, body, headers);
		Statistics.collect(answer.status());
		try {
			assertSane(answer);
		}
		finally {
			if (answer.status() >= 200 && answer.status() < 300) {
				for (String scope : List.of(STARTS, "default")) {
					send("DELETE", "/sessions", null, null, Map.of("X-Conversation-Id", scope));
				}
			}
		}
	}

	@Property(tries = 150)
	void stdinNeverFails(@ForAll("stdinBodies") String body, @ForAll("stdinContentTypes") String contentType,
			@ForAll("conversations") String conversation) {
		String scope = (VICTIM_CONVERSATION.equals(conversation)
				&& !HostileInputs.harmlessStdin(server().json, body, contentType)) ? SCRATCH : conversation;
		Map<String, String> headers = new LinkedHashMap<>();
		putIfNotNull(headers, "X-Conversation-Id", scope);
		Answer answer = send("POST", "/sessions/" + server().victim + "/stdin", contentType, body, headers);
		Statistics.collect(SCRATCH.equals(scope) ? "kept from victim" : "as generated", answer.status());
		assertSane(answer);
		assertVictimUnharmed(body);
	}

	@Property(tries = 250)
	void pathsAndQueriesNeverFail(@ForAll("requests") Request request) {
		Request safe = (request.touchesVictim() && HostileInputs.harmful(server().json, request)) ? request.in(SCRATCH)
				: request;
		Answer answer = send(safe.method(), safe.target(), safe.contentType(), safe.body(), safe.headers());
		Statistics.collect((safe != request) ? "kept from victim" : "as generated", answer.status());
		assertSane(answer);
		assertVictimUnharmed(safe.toString());
	}

	@Provide
	Arbitrary<String> startBodies() {
		return HostileInputs.startBody();
	}

	@Provide
	Arbitrary<String> stdinBodies() {
		return HostileInputs.stdinBody();
	}

	@Provide
	Arbitrary<String> contentTypes() {
		return Arbitraries
			.frequencyOf(Tuple.of(24, Arbitraries.just("application/json")),
					Tuple.of(4, Arbitraries.of(HostileInputs.CONTENT_TYPES)), Tuple.of(1, Arbitraries.just(NONE)))
			.map((type) -> type.equals(NONE) ? null : type);
	}

	@Provide
	Arbitrary<String> stdinContentTypes() {
		return Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.just("application/json")),
				Tuple.of(1, Arbitraries.of(HostileInputs.CONTENT_TYPES)));
	}

	@Provide
	Arbitrary<String> accepts() {
		return Arbitraries.of(HostileInputs.ACCEPTS).injectNull(0.85);
	}

	@Provide
	Arbitrary<String> startConversations() {
		return Arbitraries
			.frequencyOf(Tuple.of(12, Arbitraries.just(STARTS)),
					Tuple.of(1, Arbitraries.of(HostileInputs.CONVERSATIONS).filter((c) -> !c.equals(SCRATCH))))
			.injectNull(0.03);
	}

	@Provide
	Arbitrary<String> conversations() {
		return Arbitraries
			.frequencyOf(Tuple.of(8, Arbitraries.just(VICTIM_CONVERSATION)),
					Tuple.of(1, Arbitraries.of(HostileInputs.CONVERSATIONS)))
			.injectNull(0.03);
	}

	@Provide
	Arbitrary<Request> requests() {
		Arbitrary<String[]> endpoint = Arbitraries.of(new String[][] { { "GET", "" }, { "PATCH", "" }, { "DELETE", "" },
				{ "GET", "/output" }, { "GET", "/log" }, { "GET", "/stream" }, { "POST", "/signal" },
				{ "POST", "/resize" }, { "POST", "/stdin" }, { "GET", "/screen" }, { "PUT", "" }, { "POST", "" },
				{ "GET", "/signal" }, { "DELETE", "/output" }, { "GET", "/nope" }, { "PATCH", "/log" },
				{ "OPTIONS", "" }, { "GET", null }, { "DELETE", null } });
		Arbitrary<Map<String, String>> headers = Combinators
			.combine(conversations(), Arbitraries.of(HostileInputs.RANGES).injectNull(0.6),
					Arbitraries.of("-1", "abc", "99999999999999999999", "1", "", " 0 ", "1.5").injectNull(0.6),
					accepts(), contentTypes())
			.as((conversation, range, lastEventId, accept, contentType) -> {
				Map<String, String> map = new LinkedHashMap<>();
				putIfNotNull(map, "X-Conversation-Id", conversation);
				putIfNotNull(map, "Range", range);
				putIfNotNull(map, "Last-Event-ID", lastEventId);
				putIfNotNull(map, "Accept", accept);
				putIfNotNull(map, "Content-Type", contentType);
				return map;
			});
		return endpoint.flatMap((e) -> Combinators
			.combine(HostileInputs.sessionId(server().victim), HostileInputs.queryParams(), headers, bodyFor(e[1]))
			.as((id, query, h, body) -> {
				String path = (e[1] == null) ? "/sessions" : "/sessions/" + id + e[1];
				Map<String, String> all = new LinkedHashMap<>(h);
				String contentType = all.remove("Content-Type");
				boolean hasBody = Set.of("POST", "PUT", "PATCH").contains(e[0]);
				return new Request(e[0], query.isEmpty() ? path : path + "?" + String.join("&", query), all,
						hasBody ? contentType : null, hasBody ? body : null);
			}));
	}

	private static Arbitrary<String> bodyFor(String suffix) {
		return switch ((suffix != null) ? suffix : "list") {
			case "/signal" -> HostileInputs.signalBody();
			case "/resize" -> HostileInputs.resizeBody();
			case "/stdin" -> Arbitraries.of("{\"yield_time_ms\":0}", "{\"yield_time_ms\":-1}");
			case "" -> HostileInputs.patchBody();
			default -> HostileInputs.value(1);
		};
	}

	/** One generated request; {@link #in} moves it where it cannot reach the victim. */
	record Request(String method, String target, Map<String, String> headers, String contentType, String body) {

		/** In the victim's conversation, and naming it (or deleting in bulk). */
		boolean touchesVictim() {
			String decoded = HostileHttp.percentDecoded(this.target);
			return VICTIM_CONVERSATION.equals(this.headers.get("X-Conversation-Id")) && (this.method.equals("DELETE")
					|| ((decoded != null) ? decoded : this.target).contains(server().victim));
		}

		Request in(String conversation) {
			Map<String, String> moved = new LinkedHashMap<>(this.headers);
			moved.put("X-Conversation-Id", conversation);
			return new Request(this.method, this.target, moved, this.contentType, this.body);
		}

	}

	static Answer send(String method, String target, String contentType, String body, Map<String, String> headers) {
		return HostileHttp.send(server().port, method, target, contentType, body, headers);
	}

	static void assertSane(Answer answer) {
		String what = HostileHttp
			.printable(answer.request() + " -> " + answer.status() + " " + answer.contentType() + " " + answer.text());
		assertThat(answer.status()).as(what).isLessThan(500);
		if (answer.status() >= 200 && answer.status() < 400) {
			return;
		}
		boolean problem = answer.contentType() != null
				&& answer.contentType().startsWith(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		if (!problem && containerRejected(answer)) {
			return;
		}
		assertThat(problem).as("problem+json: " + what).isTrue();
		JsonNode json = server().json.readTree(answer.body());
		assertThat(json.path("status").asInt()).as(what).isEqualTo(answer.status());
		String code = json.path("code").asString("");
		assertThat(CODES.getOrDefault(answer.status(), Set.of())).as(what).contains(code);
	}

	/**
	 * Whether the servlet container refused the request itself, before execd saw it: its
	 * own HTML 400 page, or no answer at all, to a request the JDK client would not send
	 * (odd bytes in the target or a header), or to a target with a character RFC 3986
	 * does not allow, a percent-escape in the path, or longer than Tomcat's 8 KiB
	 * request-line limit.
	 */
	static boolean containerRejected(Answer answer) {
		String target = answer.target();
		String path = (target.indexOf('?') >= 0) ? target.substring(0, target.indexOf('?')) : target;
		boolean odd = target.chars().anyMatch((c) -> c <= 0x20 || c >= 0x7f || "\"<>\\^`{|}[]".indexOf(c) >= 0);
		if (answer.status() == 0) {
			return answer.raw();
		}
		return answer.status() == 400 && answer.text().contains("HTTP Status 400")
				&& (answer.raw() || odd || path.contains("%") || target.length() > 8000);
	}

	static void assertVictimUnharmed(String after) {
		TestClient victim = new TestClient(server().port).inConversation(VICTIM_CONVERSATION);
		JsonNode state = victim.get("/sessions/" + server().victim).json();
		assertThat(state.path("status").asString()).as("victim after " + after).isEqualTo("running");
		assertThat(state.path("stdin_open").asBoolean()).as("victim stdin after " + after).isTrue();
		String token = "ping-" + PINGS.incrementAndGet();
		JsonNode echo = victim
			.post("/sessions/" + server().victim + "/stdin",
					Map.of("chars", token + "\n", "wait_for", token, "yield_time_ms", 5000))
			.json();
		assertThat(echo.path("matched").asBoolean()).as("victim echo after " + after + ": " + echo).isTrue();
	}

	private static void putIfNotNull(Map<String, String> map, String key, String value) {
		if (value != null) {
			map.put(key, value);
		}
	}

}
