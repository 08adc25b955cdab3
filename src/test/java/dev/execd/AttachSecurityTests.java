package dev.execd;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

import static dev.execd.AttachClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The attach channel with tokens: the same tenants as every route, the token as a query
 * parameter for browsers, and Origin checked by execd itself, since browsers apply no
 * CORS to a WebSocket.
 */
@TestPropertySource(properties = { "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2",
		"execd.security.cors-origins=https://app.example" })
class AttachSecurityTests extends EndToEndTest {

	@Test
	void theTenantsTokenIsNeededAndAnotherTenantFindsNothing() throws Exception {
		String id = id(this.api.withHeader("Authorization", "Bearer alice-secret-1")
			.start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		String path = "/sessions/" + id + "/attach";
		assertProblem(handshake(path), 401, "unauthorized");
		assertProblem(handshake(path, "Authorization: Bearer wrong"), 401, "unauthorized");
		assertProblem(handshake(path, "Authorization: Bearer bob-secret-2"), 404, "session_not_found");
		assertProblem(handshake(path + "?access_token=bob-secret-2"), 404, "session_not_found");
		try (AttachClient header = AttachClient.connect(this.port, path, "Authorization", "Bearer alice-secret-1",
				"X-Conversation-Id", this.api.conversation())) {
			header.sendBytes("one");
			assertThat(header.outputUntil("one")).isEqualTo("one");
		}
		// What a browser can do: everything in the query.
		try (AttachClient browser = AttachClient.connect(this.port,
				path + "?access_token=alice-secret-1&conversation_id=" + this.api.conversation(), "Origin",
				"https://app.example")) {
			browser.sendBytes("two");
			assertThat(browser.outputUntil("two")).isEqualTo("two");
		}
	}

	@Test
	void aForeignPageIsRefusedEvenWithAToken() {
		String id = id(this.api.withHeader("Authorization", "Bearer alice-secret-1")
			.start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		String path = "/sessions/" + id + "/attach?access_token=alice-secret-1";
		assertProblem(handshake(path, "Origin: https://evil.example"), 403, "forbidden");
		assertProblem(handshake(path, "Origin: null"), 403, "forbidden");
	}

	private String handshake(String path, String... extra) {
		return AttachClient.handshake(this.port, this.api.conversation(), path, extra);
	}

}
