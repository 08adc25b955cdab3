package dev.execd.session;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The transitions of a session's state, as pure functions over values.
 */
class SessionStateTests {

	private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

	private static final SessionState INITIAL = SessionState.initial(new SessionSpec("sleep 1", null, null, null, false,
			Map.of(), true, 120, 30, Duration.ofMinutes(30), Duration.ZERO, "build", null, null));

	@Test
	void exitWithoutTerminationReportsExitOrSignal() {
		assertThat(INITIAL.exited(3, AT)).isEqualTo(new SessionState(false, 3, EndReason.EXIT, null, false, AT, false,
				List.of(), "build", 1_800_000, 0, 120, 30));
		assertThat(INITIAL.exited(128 + 9, AT).endReason()).isEqualTo(EndReason.SIGNAL);
		assertThat(INITIAL.exited(128 + 9, AT).signal()).isEqualTo("SIGKILL");
	}

	@Test
	void firstTerminationReasonWinsOverTheExit() {
		SessionState ended = INITIAL.terminating(EndReason.TIMEOUT)
			.terminating(EndReason.KILLED)
			.escalating()
			.exited(128 + 9, AT);
		assertThat(ended.endReason()).isEqualTo(EndReason.TIMEOUT);
		assertThat(ended.escalated()).isTrue();
	}

	@Test
	void endedStateIgnoresTermination() {
		SessionState ended = INITIAL.exited(0, AT);
		assertThat(ended.terminating(EndReason.KILLED)).isSameAs(ended);
	}

	@Test
	void updateChangesOnlyWhatIsGiven() {
		assertThat(INITIAL.updated(null, Duration.ofSeconds(5), null)).isEqualTo(
				new SessionState(true, null, null, null, false, null, true, List.of(), "build", 5_000, 0, 120, 30));
		assertThat(INITIAL.updated("test", null, Duration.ofSeconds(1)).name()).isEqualTo("test");
		assertThat(INITIAL.resized(80, 24)).extracting(SessionState::cols, SessionState::rows).containsExactly(80, 24);
		assertThat(INITIAL.stdinClosed().stdinOpen()).isFalse();
	}

	@Test
	void warningsAreDistinctAndBounded() {
		SessionState warned = INITIAL.warned("a").warned("a");
		assertThat(warned.warnings()).containsExactly("a");
		for (int i = 0; i < 40; i++) {
			warned = warned.warned("w" + i);
		}
		assertThat(warned.warnings()).hasSize(SessionState.MAX_WARNINGS);
	}

}
