package dev.execd.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link SessionRegistry#startOrJoin}: the one path of a start with or without a request
 * id, which builds the spec only when it starts something.
 */
class StartOrJoinTests {

	private static final Scope SCOPE = new Scope("anonymous", "c1");

	@TempDir
	Path dir;

	private SessionRegistry registry;

	@BeforeEach
	void createRegistry() {
		this.registry = TestRegistries.create(this.dir);
	}

	@AfterEach
	void closeRegistry() {
		this.registry.close();
	}

	@Test
	void retryJoinsTheLiveSessionWithoutBuildingItsSpec() {
		AtomicInteger built = new AtomicInteger();
		SessionRegistry.Started first = this.registry.startOrJoin(SCOPE, "retry-1", () -> {
			built.incrementAndGet();
			return spec("sleep 1000", "retry-1");
		});
		SessionRegistry.Started retry = this.registry.startOrJoin(SCOPE, "retry-1", () -> {
			throw new IllegalArgumentException("a retry must not build a spec");
		});
		assertThat(first.created()).isTrue();
		assertThat(retry.created()).isFalse();
		assertThat(retry.session()).isSameAs(first.session());
		assertThat(built).hasValue(1);
	}

	@Test
	void requestIdOfAnotherScopeOrNoneStartsANewSession() {
		Session first = this.registry.startOrJoin(SCOPE, "retry-1", () -> spec("sleep 1000", "retry-1")).session();
		SessionRegistry.Started elsewhere = this.registry.startOrJoin(new Scope("anonymous", "c2"), "retry-1",
				() -> spec("sleep 1000", "retry-1"));
		SessionRegistry.Started without = this.registry.startOrJoin(SCOPE, null, () -> spec("sleep 1000", null));
		assertThat(elsewhere.created()).isTrue();
		assertThat(without.created()).isTrue();
		assertThat(elsewhere.session()).isNotSameAs(first);
		assertThat(without.session()).isNotSameAs(first);
	}

	@Test
	void aSpecThatCannotBeBuiltStartsNothing() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.startOrJoin(SCOPE, "retry-1", () -> {
			throw new IllegalArgumentException("invalid");
		}));
		assertThat(this.registry.list(SCOPE, null)).isEmpty();
	}

	private static SessionSpec spec(String cmd, String requestId) {
		return new SessionSpec(cmd, null, null, null, false, Map.of(), false, 120, 30, Duration.ofMinutes(30),
				Duration.ZERO, null, requestId, null);
	}

}
