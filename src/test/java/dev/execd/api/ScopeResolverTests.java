package dev.execd.api;

import dev.execd.session.Scope;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The scope of a request, REST or MCP: with tokens configured nothing acts for the
 * anonymous tenant, even if a request got past authentication.
 */
class ScopeResolverTests {

	@Test
	void withoutTokensARequestWithoutPrincipalIsTheAnonymousTenant() {
		assertThat(new ScopeResolver(false).scope(null, "c1")).isEqualTo(new Scope(Scope.ANONYMOUS, "c1"));
	}

	@Test
	void withTokensARequestWithoutPrincipalIsRefused() {
		assertThatThrownBy(() -> new ScopeResolver(true).scope(null, "c1")).isInstanceOfSatisfying(ApiException.class,
				(ex) -> assertThat(ex.code()).isEqualTo("unauthorized"));
	}

	@Test
	void withTokensTheTenantIsThePrincipalsName() {
		assertThat(new ScopeResolver(true).scope(ScopeResolver.tenant(() -> "alice"), "c1"))
			.isEqualTo(new Scope("alice", "c1"));
	}

	@Test
	void malformedConversationIsRefused() {
		assertThatThrownBy(() -> new ScopeResolver(false).scope(null, "a/b")).isInstanceOfSatisfying(ApiException.class,
				(ex) -> assertThat(ex.code()).isEqualTo("invalid_conversation_id"));
	}

}
