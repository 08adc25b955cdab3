package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console's static files over real HTTP: served at {@code /console/} with a
 * strict Content-Security-Policy, and, with tokens, loadable without one while every
 * piece of session data still needs it.
 */
class ConsoleTests extends EndToEndTest {

	private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; "
			+ "connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
			+ "frame-ancestors 'none'; form-action 'self'";

	@Test
	void servesThePageWithAStrictContentSecurityPolicy() {
		TestClient.Response page = this.api.get("/console/");
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.header("Content-Type")).startsWith("text/html");
		assertThat(page.header("Content-Security-Policy")).isEqualTo(CSP);
		assertThat(page.text()).contains("<script type=\"module\" src=\"main.js\"></script>")
			.doesNotContainPattern("<script(?![^>]*\\bsrc=)");
	}

	@Test
	void redirectsTheBarePathIntoTheFolder() {
		TestClient.Response redirect = this.api.get("/console");
		assertThat(redirect.status()).isEqualTo(302);
		assertThat(redirect.header("Location")).endsWith("/console/");
	}

	@Test
	void servesItsModulesAsJavaScriptUnderTheSamePolicy() {
		for (String module : new String[] { "api.js", "list.js", "log.js", "screen.js", "main.js" }) {
			TestClient.Response script = this.api.get("/console/" + module);
			assertThat(script.status()).as(module).isEqualTo(200);
			assertThat(script.header("Content-Type")).as(module).startsWith("text/javascript");
			assertThat(script.header("Content-Security-Policy")).as(module).isEqualTo(CSP);
			assertThat(script.text()).as(module).doesNotContain("innerHTML").doesNotContain("insertAdjacentHTML");
		}
	}

	@Test
	void otherPathsGetNoConsolePolicy() {
		assertThat(this.api.get("/sessions").header("Content-Security-Policy")).isNull();
	}

	@Nested
	@TestPropertySource(properties = "execd.security.tokens=ops:console-secret-1")
	class WithTokens {

		@Test
		void thePageLoadsWithoutATokenButSessionsNeedOne() {
			TestClient anonymous = new TestClient(ConsoleTests.this.port);
			TestClient ops = anonymous.withHeader("Authorization", "Bearer console-secret-1");
			ConsoleTests.this.api = ops;
			ops.start(Map.of("cmd", "sleep 100", "name", "hidden", "yield_time_ms", 0));

			TestClient.Response page = anonymous.get("/console/");
			assertThat(page.status()).isEqualTo(200);
			assertThat(page.header("Content-Security-Policy")).isEqualTo(CSP);
			assertThat(anonymous.get("/console/main.js").status()).isEqualTo(200);
			assertThat(anonymous.get("/console/console.css").status()).isEqualTo(200);
			TestClient.Response sessions = anonymous.get("/sessions");
			assertThat(sessions.status()).isEqualTo(401);
			assertThat(sessions.text()).doesNotContain("hidden");
			assertThat(anonymous.get("/events?conversation_id=default").status()).isEqualTo(401);
			assertThat(ops.get("/sessions").text()).contains("\"hidden\"");
		}

	}

}
