package dev.execd;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import dev.execd.TestClient.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.http.codec.ServerSentEvent;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Testcontainers;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The built image, started as a container and driven over HTTP the way a coding agent
 * beside it would. The image is {@code execd:local} (or {@code -Dcontainer.image=}),
 * built by {@code scripts/docker-image}; without a Docker engine these tests are skipped
 * and say so, and CI makes one available and checks that they ran.
 */
@Testcontainers(disabledWithoutDocker = true)
@ExtendWith(ContainerImageTests.SkipNotice.class)
// Alone: its requests pass Docker's port proxy, and one once found no answer while an
// @OwnServer class ran beside it.
@Isolated
class ContainerImageTests {

	private static final String IMAGE = System.getProperty("container.image", "execd:local");

	private static final String TOKEN = HexFormat.of().formatHex(randomBytes(24));

	private static GenericContainer<?> execd;

	private static TestClient client;

	private static TestClient anonymous;

	private static SseClient sse;

	/** From creating the container to its first answer on the readiness probe. */
	private static Duration startToReadiness;

	@BeforeAll
	@SuppressWarnings("resource")
	static void startTheImage() {
		boolean present = DockerClientFactory.instance()
			.client()
			.listImagesCmd()
			.withImageNameFilter(IMAGE)
			.exec()
			.size() > 0;
		if (!present && System.getenv("CI") == null) {
			System.err
				.println("ContainerImageTests skipped: no image " + IMAGE + " (build it with scripts/docker-image)");
			Assumptions.abort("no image " + IMAGE);
		}
		execd = new GenericContainer<>(IMAGE).withEnv("EXECD_TOKENS", "ci:" + TOKEN)
			.withExposedPorts(8080)
			.waitingFor(Wait.forHttp("/actuator/health/readiness")
				.forStatusCode(200)
				.withReadTimeout(Duration.ofSeconds(1)))
			.withStartupTimeout(Duration.ofMinutes(2));
		long launched = System.nanoTime();
		execd.start();
		startToReadiness = Duration.ofNanos(System.nanoTime() - launched);
		System.out.println("ContainerImageTests: container start → readiness " + startToReadiness.toMillis() + " ms");
		int port = execd.getMappedPort(8080);
		anonymous = new TestClient(port);
		client = anonymous.withHeader("Authorization", "Bearer " + TOKEN);
		sse = new SseClient(port);
	}

	@AfterAll
	static void stopTheImage() {
		if (execd != null) {
			execd.stop();
		}
	}

	/**
	 * The image's JVM starts from the AOT cache its build made: it would say so when it
	 * could not use it (a different JDK, class path or module options), and start several
	 * times slower. The bound is generous (a shared CI machine); BENCHMARKS.md has the
	 * measured figures.
	 */
	@Test
	void startsFromTheAotCacheInSeconds() {
		assertThat(execd.getLogs()).doesNotContain("[aot]");
		assertThat(startToReadiness).isLessThan(Duration.ofSeconds(30));
	}

	@Test
	void runsACommandAsTheNonRootUserAndReportsItsExitCode() throws Exception {
		JsonNode result = client.start(Map.of("cmd", "id -un; id -u; pwd; exit 3"));
		assertThat(result.path("output").asString()).isEqualTo("execd\n10001\n/workspace\n");
		assertThat(result.path("session").path("exit_code").asInt()).isEqualTo(3);
		ExecResult server = execd.execInContainer("ps", "-o", "user=", "-C", "java");
		assertThat(server.getStdout().strip()).isEqualTo("execd");
		ExecResult init = execd.execInContainer("ps", "-o", "comm=", "-p", "1");
		assertThat(init.getStdout().strip()).isEqualTo("tini");
	}

	@Test
	void drivesAPythonReplInAPty() {
		JsonNode started = client
			.start(Map.of("cmd", "python3 -q", "tty", true, "wait_for", ">>> ", "yield_time_ms", 20_000));
		assertThat(started.path("matched").isNull()).isFalse();
		String id = started.path("session").path("session_id").asString();
		Response answer = client.post("/sessions/" + id + "/stdin",
				Map.of("chars", "print(7*6)\n", "wait_for", "42", "yield_time_ms", 20_000));
		assertThat(answer.status()).isEqualTo(200);
		assertThat(answer.json().path("output").asString()).contains("42");
		Response eof = client.post("/sessions/" + id + "/stdin", Map.of("eof", true, "yield_time_ms", 20_000));
		assertThat(eof.json().path("session").path("status").asString()).isEqualTo("exited");
		assertThat(eof.json().path("session").path("exit_code").asInt()).isZero();
	}

	@Test
	void streamsToTheExitEventAndTheLogHoldsTheSameBytes() {
		JsonNode started = client.start(Map.of("cmd",
				"for i in $(seq 1 2000); do echo \"line $i: caf\u00e9 \u2713\"; done; sleep 0.5; echo done >&2",
				"yield_time_ms", 0));
		String id = started.path("session").path("session_id").asString();
		List<ServerSentEvent<String>> events = sse.until(SseClient::isExit, "/sessions/" + id + "/stream",
				"Authorization", "Bearer " + TOKEN);
		StringBuilder streamed = new StringBuilder();
		for (ServerSentEvent<String> event : events) {
			if ("output".equals(event.event())) {
				streamed.append(SseClient.data(event).path("text").asString());
			}
		}
		ServerSentEvent<String> exit = events.get(events.size() - 1);
		assertThat(exit.event()).isEqualTo("exit");
		assertThat(SseClient.data(exit).path("session").path("exit_code").asInt()).isZero();
		Response log = client.get("/sessions/" + id + "/log");
		assertThat(log.status()).isEqualTo(200);
		assertThat(new String(log.body(), StandardCharsets.UTF_8)).isEqualTo(streamed.toString())
			.startsWith("line 1: caf\u00e9 \u2713\n")
			.endsWith("line 2000: caf\u00e9 \u2713\ndone\n");
	}

	@Test
	void refusesCallersWithoutTheTokenButAnswersHealth() {
		Response refused = anonymous.get("/sessions");
		assertThat(refused.status()).isEqualTo(401);
		assertThat(refused.json().path("code").asString()).isEqualTo("unauthorized");
		assertThat(anonymous.get("/sessions", "Authorization", "Bearer wrong").status()).isEqualTo(401);
		assertThat(anonymous.get("/actuator/health/liveness").status()).isEqualTo(200);
		assertThat(execd.getCurrentContainerInfo().getState().getHealth()).isNotNull();
	}

	@Test
	void deletedSessionsLeaveNoSurvivorAndNoZombie() throws Exception {
		// Each session leaves a grandchild that outlives its shell (immune to the hangup
		// a
		// terminal's end sends): orphaned to PID 1 (tini) at once, still a member of the
		// session's Unix session. Four conversations stay under the per-conversation cap,
		// whose eviction would end some of them early.
		List<String> ids = new ArrayList<>();
		List<TestClient> conversations = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			TestClient conversation = client.inConversation("reaping-" + (i % 4));
			JsonNode result = conversation.start(Map.of("cmd", "trap '' HUP; (sleep 1000" + i + " &); echo left", "tty",
					i % 2 == 0, "yield_time_ms", 5_000));
			assertThat(result.path("output").asString()).contains("left");
			assertThat(result.path("session").path("status").asString()).isEqualTo("exited");
			ids.add(result.path("session").path("session_id").asString());
			conversations.add(conversation);
		}
		assertThat(survivors()).hasSize(100);
		for (int i = 0; i < ids.size(); i++) {
			assertThat(conversations.get(i).delete("/sessions/" + ids.get(i)).status()).isEqualTo(200);
		}
		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			ExecResult ps = execd.execInContainer("ps", "-eo", "stat=,pid=,args=");
			assertThat(ps.getStdout().lines().filter((line) -> line.strip().startsWith("Z")))
				.as("defunct processes in:%n%s", ps.getStdout())
				.isEmpty();
			assertThat(survivors()).isEmpty();
		});
	}

	private static List<String> survivors() throws Exception {
		ExecResult ps = execd.execInContainer("ps", "-eo", "args=");
		return ps.getStdout().lines().filter((line) -> line.startsWith("sleep 1000")).toList();
	}

	private static byte[] randomBytes(int count) {
		byte[] bytes = new byte[count];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

	/**
	 * Says on the console, not only in the report, that the container tests did not run.
	 */
	static class SkipNotice implements ExecutionCondition {

		@Override
		public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
			if (context.getTestMethod().isPresent() || DockerClientFactory.instance().isDockerAvailable()) {
				return ConditionEvaluationResult.enabled("Docker is available");
			}
			System.err
				.println("ContainerImageTests skipped: no Docker engine answers (scripts/docker-engine starts one)");
			return ConditionEvaluationResult.disabled("no Docker engine");
		}

	}

}
