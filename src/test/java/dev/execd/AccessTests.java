package dev.execd;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without tokens on loopback: DNS rebinding and cross-site requests are refused, CORS
 * only for configured origins, bodies are bounded, files are private, and a hostile
 * pattern cannot pin a CPU.
 */
@TestPropertySource(properties = "execd.security.cors-origins=http://allowed.example")
class AccessTests extends EndToEndTest {

	@Autowired
	ExecdProperties properties;

	@Test
	void refusesForeignHostNames() {
		for (String host : new String[] { "evil.example", "evil.example:" + this.port, "127.0.0.1.nip.io" }) {
			String response = RawHttp.send(this.port, "GET", "/sessions", "Host: " + host);
			assertThat(RawHttp.status(response)).as(host).isEqualTo(403);
			assertThat(response).contains("\"code\":\"forbidden\"").contains("application/problem+json");
		}
		for (String host : new String[] { "localhost:" + this.port, "127.0.0.1", "[::1]:" + this.port,
				"app.localhost" }) {
			assertThat(RawHttp.status(RawHttp.send(this.port, "GET", "/sessions", "Host: " + host))).as(host)
				.isEqualTo(200);
		}
	}

	@Test
	void refusesCrossSiteOriginsButAllowsItselfAndConfiguredOnes() {
		String host = "Host: localhost:" + this.port;
		assertThat(RawHttp.status(RawHttp.send(this.port, "GET", "/sessions", host, "Origin: http://evil.example")))
			.isEqualTo(403);
		assertThat(RawHttp
			.status(RawHttp.send(this.port, "GET", "/sessions", host, "Origin: http://localhost:" + this.port)))
			.isEqualTo(200);
		String allowed = RawHttp.send(this.port, "GET", "/sessions", host, "Origin: http://allowed.example");
		assertThat(RawHttp.status(allowed)).isEqualTo(200);
		assertThat(allowed).containsIgnoringCase("Access-Control-Allow-Origin: http://allowed.example");
		// A page of this plain-http server is http: the same host with https is another
		// origin, as is a configured origin with the other scheme.
		assertThat(RawHttp
			.status(RawHttp.send(this.port, "GET", "/sessions", host, "Origin: https://localhost:" + this.port)))
			.isEqualTo(403);
		assertThat(RawHttp.status(RawHttp.send(this.port, "GET", "/sessions", host, "Origin: https://allowed.example")))
			.isEqualTo(403);
	}

	/**
	 * A page of an allowed origin can upload ({@code PUT /files}, with {@code If-Match})
	 * and read the headers the files API answers with, such as the {@code ETag} to send
	 * back.
	 */
	@Test
	void allowedOriginsMayPutFilesAndReadTheirValidators() {
		String host = "Host: localhost:" + this.port;
		String preflight = RawHttp.send(this.port, "OPTIONS", "/files/archive", host, "Origin: http://allowed.example",
				"Access-Control-Request-Method: PUT", "Access-Control-Request-Headers: content-type, if-match");
		assertThat(RawHttp.status(preflight)).as(preflight).isEqualTo(200);
		assertThat(preflight).containsIgnoringCase("Access-Control-Allow-Methods: GET,POST,PUT,PATCH,DELETE")
			.containsIgnoringCase("Access-Control-Allow-Headers: content-type, if-match");
		String read = RawHttp.send(this.port, "GET", "/files/list?path=.", host, "Origin: http://allowed.example");
		assertThat(RawHttp.status(read)).isEqualTo(200);
		assertThat(read).containsPattern("(?i)Access-Control-Expose-Headers: .*ETag")
			.containsPattern("(?i)Access-Control-Expose-Headers: .*Last-Modified")
			.containsPattern("(?i)Access-Control-Expose-Headers: .*Content-Disposition");
	}

	@Test
	void refusesPathTricksWithoutTokensToo() {
		String marker = PathTricks.marker();
		for (String[] trick : PathTricks.all()) {
			for (String method : new String[] { "GET", "POST" }) {
				String response = PathTricks.send(this.port, method, trick[0], trick[1], marker);
				assertThat(RawHttp.status(response)).as(method + " " + trick[0]).isEqualTo(400);
				assertThat(response).as(method + " " + trick[0])
					.containsIgnoringCase("Content-Type: application/problem+json")
					.doesNotContain("Mcp-Session-Id");
			}
		}
		assertThat(java.nio.file.Files.exists(Path.of(marker))).isFalse();
		assertThat(this.api.get("/sessions").json().get("sessions").size()).isZero();
	}

	@Test
	void preflightFromAnAllowedOriginIsAnsweredAndFromAnotherForbidden() {
		String host = "Host: localhost:" + this.port;
		String allowed = RawHttp.send(this.port, "OPTIONS", "/sessions", host, "Origin: http://allowed.example",
				"Access-Control-Request-Method: DELETE");
		assertThat(RawHttp.status(allowed)).isEqualTo(200);
		assertThat(allowed).containsIgnoringCase("Access-Control-Allow-Origin: http://allowed.example");
		String other = RawHttp.send(this.port, "OPTIONS", "/sessions", host, "Origin: http://evil.example",
				"Access-Control-Request-Method: DELETE");
		assertThat(RawHttp.status(other)).isEqualTo(403);
		assertThat(other).contains("\"code\":\"forbidden\"");
	}

	@Test
	void refusesBodiesOverTheLimitWithOrWithoutALength() throws Exception {
		String big = "{\"cmd\":\"true\",\"name\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";
		TestClient.Response sized = this.api.send("POST", "/sessions", "application/json", big);
		assertThat(sized.status()).isEqualTo(413);
		assertThat(sized.json().get("code").asString()).isEqualTo("payload_too_large");
		HttpRequest chunked = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/sessions"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(big.getBytes())))
			.build();
		HttpResponse<String> response = HttpClient.newHttpClient().send(chunked, HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(413);
		assertThat(response.body()).contains("payload_too_large");
	}

	@Test
	void keepsLogsAndMetadataPrivate() throws Exception {
		String id = id(start(Map.of("cmd", "echo private", "yield_time_ms", 10000)));
		Path dir = this.properties.output().dir();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
		for (String name : new String[] { id + ".log", id + ".json", "execd.lock" }) {
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(name)))).as(name)
				.isEqualTo("rw-------");
		}
	}

	@Test
	void catastrophicPatternEndsTheWaitUnmatchedWithAWarning() {
		JsonNode result = start(Map.of("cmd", "head -c 5000 /dev/zero | tr '\\0' a; sleep 100", "wait_for", "(a+)+b",
				"yield_time_ms", 20000));
		assertThat(result.get("matched").asBoolean()).isFalse();
		assertThat(result.get("wall_time_ms").asLong()).isLessThan(15000);
		assertThat(result.get("session").get("warnings").toString()).contains("step budget");
		assertThat(result.get("session").get("status").asString()).isEqualTo("running");
	}

}
