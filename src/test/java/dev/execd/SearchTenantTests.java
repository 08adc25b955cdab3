package dev.execd;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Search across tenants: two tokens in the same conversation id never see each other's
 * sessions, by id or in the conversation search.
 */
@TestPropertySource(properties = "execd.security.tokens=alice:alice-secret-1,bob:bob-secret-2")
class SearchTenantTests extends EndToEndTest {

	@Test
	void anotherTenantsSessionIsNotFoundAndNeverInTheConversationSearch() {
		TestClient alice = this.api.withHeader("Authorization", "Bearer alice-secret-1");
		TestClient bob = this.api.withHeader("Authorization", "Bearer bob-secret-2");
		try {
			String theirs = id(alice.start(Map.of("cmd", "echo 'secret marker'", "yield_time_ms", 5000)));
			String mine = id(bob.start(Map.of("cmd", "echo 'my marker'", "yield_time_ms", 5000)));
			TestClient.Response byId = bob.get("/sessions/" + theirs + "/search?pattern=marker");
			assertThat(byId.status()).isEqualTo(404);
			assertThat(byId.json().get("code").asString()).isEqualTo("session_not_found");
			JsonNode all = bob.get("/sessions/search?pattern=marker").json();
			assertThat(all.get("sessions").valueStream().map((s) -> s.get("session_id").asString()))
				.containsExactly(mine);
			assertThat(all.get("not_searched")).isEmpty();
			assertThat(this.api.get("/sessions/search?pattern=marker").status()).isEqualTo(401);
		}
		finally {
			alice.delete("/sessions");
			bob.delete("/sessions");
		}
	}

}
