package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With tokens, no path trick reaches a protected route: a path that is not normalized is
 * refused by the firewall with a problem body, and none of them starts a session or an
 * MCP session, with or without a token.
 */
@TestPropertySource(properties = { "execd.security.tokens=ci:firewall-secret",
		"execd.security.cors-origins=http://allowed.example" })
class FirewallTests extends EndToEndTest {

	@Autowired
	MeterRegistry meters;

	@Test
	void noPathTrickReachesAProtectedRouteWithoutAToken() throws Exception {
		assertNoTrickGetsThrough(new String[0]);
	}

	@Test
	void pathTricksAreRefusedEvenWithAValidToken() throws Exception {
		// A client with a token is not refused for its token, but the paths themselves
		// are: nothing ever routes a path that is not normalized.
		assertNoTrickGetsThrough(new String[] { "Authorization: Bearer firewall-secret" });
	}

	private void assertNoTrickGetsThrough(String[] headers) throws Exception {
		double started = startedSessions();
		String marker = PathTricks.marker();
		for (String[] trick : PathTricks.all()) {
			for (String method : new String[] { "GET", "POST" }) {
				String response = PathTricks.send(this.port, method, trick[0], trick[1], marker, headers);
				String what = method + " " + trick[0];
				assertThat(RawHttp.status(response)).as(what).isIn(400, 401);
				assertThat(response).as(what).containsIgnoringCase("Content-Type: application/problem+json");
				assertThat(response).as(what).containsPattern("\"code\":\"(invalid_request|unauthorized)\"");
				assertThat(response).as(what).doesNotContain("Mcp-Session-Id");
			}
		}
		assertThat(startedSessions()).isEqualTo(started);
		assertThat(Files.exists(Path.of(marker))).isFalse();
	}

	@Test
	void publicPathsStayPublicAndOthersNeedTheToken() {
		TestClient anonymous = new TestClient(this.port);
		assertThat(anonymous.get("/actuator/health").status()).isEqualTo(200);
		assertThat(anonymous.get("/actuator/health/liveness").status()).isEqualTo(200);
		assertThat(anonymous.get("/v3/api-docs").status()).isEqualTo(200);
		for (String path : new String[] { "/sessions", "/events", "/actuator/prometheus", "/mcp", "/actuator/healthx",
				"/v3/api-docsx", "/swagger-uix" }) {
			TestClient.Response response = anonymous.get(path);
			assertThat(response.status()).as(path).isEqualTo(401);
			assertThat(response.json().get("code").asString()).as(path).isEqualTo("unauthorized");
		}
	}

	@Test
	void preflightFromAnAllowedOriginIsAnsweredWithoutAToken() {
		for (String path : new String[] { "/sessions", "/sessions/abc/stdin", "/mcp" }) {
			String response = RawHttp.send(this.port, "OPTIONS", path, "Host: localhost:" + this.port,
					"Origin: http://allowed.example", "Access-Control-Request-Method: POST",
					"Access-Control-Request-Headers: authorization, content-type, x-conversation-id");
			assertThat(RawHttp.status(response)).as(path).isEqualTo(200);
			assertThat(response).containsIgnoringCase("Access-Control-Allow-Origin: http://allowed.example")
				.containsIgnoringCase("Access-Control-Allow-Methods: GET,POST,PUT,PATCH,DELETE")
				.containsIgnoringCase("Access-Control-Allow-Headers: authorization, content-type, x-conversation-id");
		}
	}

	@Test
	void preflightFromAnotherOriginIsForbidden() {
		String response = RawHttp.send(this.port, "OPTIONS", "/sessions", "Host: localhost:" + this.port,
				"Origin: http://evil.example", "Access-Control-Request-Method: POST",
				"Access-Control-Request-Headers: authorization");
		assertThat(RawHttp.status(response)).isEqualTo(403);
		assertThat(response).containsIgnoringCase("Content-Type: application/problem+json")
			.contains("\"code\":\"forbidden\"")
			.doesNotContainIgnoringCase("Access-Control-Allow-Origin");
	}

	@Test
	void crossOriginCallWithTheTokenGetsTheCorsHeaders() {
		String response = RawHttp.sendBody(this.port, "POST", "/sessions", "{\"cmd\":\"echo cors\"}",
				"Host: localhost:" + this.port, "Origin: http://allowed.example", "Content-Type: application/json",
				"Authorization: Bearer firewall-secret", "X-Conversation-Id: " + this.api.conversation());
		assertThat(RawHttp.status(response)).isEqualTo(201);
		assertThat(response).containsIgnoringCase("Access-Control-Allow-Origin: http://allowed.example")
			.containsIgnoringCase("Access-Control-Expose-Headers:")
			.contains("cors");
		this.api = this.api.withHeader("Authorization", "Bearer firewall-secret");
	}

	private double startedSessions() {
		return this.meters.get("execd.sessions.started").counter().count();
	}

}
