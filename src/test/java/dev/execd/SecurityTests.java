package dev.execd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.http.codec.ServerSentEvent;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With tokens: every endpoint needs one, each token is a tenant, and tenants never see
 * each other's sessions.
 */
@TestPropertySource(properties = "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2")
class SecurityTests extends EndToEndTest {

	@Autowired
	@Qualifier("requestMappingHandlerMapping")
	RequestMappingHandlerMapping mappings;

	private TestClient alice;

	private TestClient bob;

	@BeforeEach
	void clients() {
		this.alice = this.api.withHeader("Authorization", "Bearer alice-secret-1");
		this.bob = this.api.withHeader("Authorization", "Bearer bob-secret-2");
		this.api = this.alice;
	}

	@Test
	void everyEndpointRefusesMissingAndWrongTokens() {
		String id = id(this.alice.start(Map.of("cmd", "sleep 100", "yield_time_ms", 0)));
		List<String[]> endpoints = endpoints();
		assertThat(endpoints).hasSizeGreaterThanOrEqualTo(13);
		TestClient anonymous = new TestClient(this.port);
		TestClient wrong = anonymous.withHeader("Authorization", "Bearer alice-secret-2");
		for (String[] endpoint : endpoints) {
			String path = endpoint[1].replace("{id}", id).replaceAll("\\{[A-Za-z]+}", "x");
			for (TestClient client : List.of(anonymous, wrong)) {
				TestClient.Response response = client.send(endpoint[0], path, "application/json", "{}");
				assertThat(response.status()).as(endpoint[0] + " " + path).isEqualTo(401);
				assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
				assertThat(response.json().get("code").asString()).isEqualTo("unauthorized");
				assertThat(response.text()).doesNotContain("secret");
			}
		}
		assertThat(this.alice.get("/sessions/" + id).json().get("status").asString()).isEqualTo("running");
	}

	@Test
	void healthAndApiDocumentationNeedNoToken() {
		TestClient anonymous = new TestClient(this.port);
		assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
		assertThat(anonymous.get("/actuator/health/readiness").status()).isEqualTo(200);
		assertThat(anonymous.get("/actuator/prometheus").status()).isEqualTo(401);
	}

	@Test
	void tenantsNeverSeeEachOthersSessions() {
		JsonNode started = this.alice.start(Map.of("cmd", "echo hello; sleep 100", "wait_for", "hello"));
		String id = id(started);
		String s = "/sessions/" + id;
		assertThat(this.bob.get("/sessions").json().get("sessions").size()).isZero();
		for (TestClient.Response response : List.of(this.bob.get(s), this.bob.get(s + "/output?offset=0"),
				this.bob.get(s + "/log"), this.bob.get(s + "/stream"), this.bob.get(s + "/screen/stream"),
				this.bob.post(s + "/stdin", Map.of("chars", "x")), this.bob.post(s + "/signal", Map.of("signal", 9)),
				this.bob.post(s + "/resize", Map.of("cols", 80, "rows", 24)),
				this.bob.send("PATCH", s, "application/json", "{\"name\":\"x\"}"), this.bob.delete(s))) {
			assertThat(response.status()).isEqualTo(404);
			assertThat(response.json().get("code").asString()).isEqualTo("session_not_found");
		}
		assertThat(this.bob.delete("/sessions").json().get("removed").asInt()).isZero();
		assertThat(this.alice.get(s + "/log").text()).isEqualTo("hello\n");
		assertThat(this.alice.get(s).json().get("status").asString()).isEqualTo("running");
	}

	@Test
	void streamsAcceptTheTokenAsQueryParameterButOtherEndpointsDoNot() {
		String id = id(this.alice.start(Map.of("cmd", "echo hi", "yield_time_ms", 10000)));
		TestClient anonymous = new TestClient(this.port).inConversation(this.api.conversation());
		String events = new SseClient(this.port)
			.until(SseClient::isExit,
					"/sessions/" + id + "/stream?access_token=alice-secret-1&conversation_id="
							+ this.api.conversation())
			.get(0)
			.data();
		assertThat(events).contains("hi");
		assertThat(anonymous.get("/sessions/" + id + "?access_token=alice-secret-1").status()).isEqualTo(401);
		assertThat(anonymous.get("/sessions/" + id + "/stream?access_token=bob-secret-2").status()).isEqualTo(404);
		String tty = id(this.alice.start(Map.of("cmd", "echo screen; sleep 1", "tty", true, "wait_for", "screen")));
		String screen = "/sessions/" + tty + "/screen/stream?access_token=alice-secret-1&conversation_id="
				+ this.api.conversation();
		List<ServerSentEvent<String>> frames = new SseClient(this.port).until(SseClient::isExit, screen);
		assertThat(frames.get(0).event()).isEqualTo("frame");
		assertThat(frames.get(0).data()).contains("screen");
		assertThat(anonymous.get("/sessions/" + tty + "/screen/stream").status()).isEqualTo(401);
	}

	/**
	 * Every route of the API, from the handler mappings, so a new one cannot be
	 * forgotten.
	 */
	private List<String[]> endpoints() {
		List<String[]> endpoints = new ArrayList<>();
		for (RequestMappingInfo info : this.mappings.getHandlerMethods().keySet()) {
			for (String pattern : info.getPatternValues()) {
				if (pattern.startsWith("/v3/api-docs") || pattern.startsWith("/swagger-ui")) {
					// The API documentation is public: it holds no session data.
					continue;
				}
				info.getMethodsCondition()
					.getMethods()
					.forEach((method) -> endpoints.add(new String[] { method.name(), pattern }));
			}
		}
		endpoints.add(new String[] { "GET", "/actuator/prometheus" });
		return endpoints;
	}

}
