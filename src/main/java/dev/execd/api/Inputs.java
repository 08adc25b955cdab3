package dev.execd.api;

import java.time.Duration;

import dev.execd.config.ExecdProperties;
import org.jspecify.annotations.Nullable;

/**
 * Checks and clamps of request values. Negative durations, sizes and offsets are refused;
 * values the contract clamps are clamped.
 */
public final class Inputs {

	static final int MAX_WAIT_FOR_LENGTH = 1024;

	static final int MAX_LABEL_LENGTH = 128;

	private Inputs() {
	}

	static long clamp(@Nullable Number value, long fallback, long min, long max, String field) {
		if (value == null) {
			return fallback;
		}
		long v = value.longValue();
		if (v < 0) {
			throw ApiException.invalid(field + " must not be negative");
		}
		return Math.max(min, Math.min(max, v));
	}

	public static long nonNegative(@Nullable Number value, long fallback, String field) {
		return clamp(value, fallback, 0, Long.MAX_VALUE, field);
	}

	public static @Nullable String label(@Nullable String value, String field) {
		if (value != null && value.length() > MAX_LABEL_LENGTH) {
			throw ApiException.invalid(field + " is longer than " + MAX_LABEL_LENGTH + " characters");
		}
		return value;
	}

	/** NUL cannot cross into a process's argv, environment or a path. */
	static @Nullable String noNul(@Nullable String value, String field) {
		if (value != null && value.indexOf('\0') >= 0) {
			throw ApiException.invalid(field + " must not contain NUL characters");
		}
		return value;
	}

	/**
	 * A process's max runtime: the default when absent, the cap for 0, refused above the
	 * cap.
	 */
	public static Duration maxRuntime(@Nullable Long ms, ExecdProperties.Limits limits) {
		if (ms == null) {
			return limits.defaultMaxRuntime();
		}
		long value = nonNegative(ms, 0, "max_runtime_ms");
		Duration cap = limits.maxRuntimeCap();
		if (value > cap.toMillis()) {
			throw ApiException.invalid("max_runtime_ms is above the cap of " + cap.toMillis() + " ms");
		}
		return (value == 0) ? cap : Duration.ofMillis(value);
	}

	public static boolean base64(String encoding) {
		return switch (encoding) {
			case "utf8" -> false;
			case "base64" -> true;
			default -> throw ApiException.invalid("encoding must be utf8 or base64");
		};
	}

	static boolean flag(@Nullable Boolean value) {
		return value != null && value;
	}

}
