package dev.execd.api;

import java.time.Duration;

import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.Test;

import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A process's max runtime from {@code max_runtime_ms} and the limits: the default, never
 * above the cap, the cap for 0, a refusal above it.
 */
class InputsTests {

	@Test
	void theDefaultRuntimeNeverExceedsTheCap() {
		assertThat(Inputs.maxRuntime(null, limits(Duration.ofMinutes(30), Duration.ofHours(24))))
			.isEqualTo(Duration.ofMinutes(30));
		assertThat(Inputs.maxRuntime(null, limits(Duration.ofMinutes(30), Duration.ofMinutes(10))))
			.as("a cap lowered below the default")
			.isEqualTo(Duration.ofMinutes(10));
	}

	@Test
	void zeroMeansTheCapAndAboveItIsRefused() {
		ExecdProperties.Limits limits = limits(Duration.ofMinutes(30), Duration.ofMinutes(10));
		assertThat(Inputs.maxRuntime(0L, limits)).isEqualTo(Duration.ofMinutes(10));
		assertThat(Inputs.maxRuntime(60_000L, limits)).isEqualTo(Duration.ofMinutes(1));
		assertThatThrownBy(() -> Inputs.maxRuntime(600_001L, limits)).isInstanceOf(ApiException.class)
			.hasMessageContaining("max_runtime_ms is above the cap of 600000 ms");
	}

	private static ExecdProperties.Limits limits(Duration defaultMaxRuntime, Duration cap) {
		return new ExecdProperties.Limits(64, 8, 60, 1024, 64, Duration.ofMinutes(30), Duration.ofMinutes(30),
				Duration.ofSeconds(5), defaultMaxRuntime, cap, Duration.ofSeconds(290), DataSize.ofMegabytes(1));
	}

}
