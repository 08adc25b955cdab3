package dev.execd.api;

import java.time.Duration;
import java.util.List;

import dev.execd.config.ExecdProperties;
import dev.execd.session.Exclusive;
import dev.execd.session.SessionReads;
import org.jspecify.annotations.Nullable;

/**
 * Checks and clamps of request values. Negative durations, sizes and offsets are refused;
 * values the contract clamps are clamped, and any other value outside its documented
 * range is refused ({@link #inRange}).
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

	/**
	 * A value of a field whose range is not documented as clamped: outside it is 400
	 * {@code invalid_request} naming the field and the range.
	 */
	static long inRange(@Nullable Number value, long fallback, long min, long max, String field) {
		if (value == null) {
			return fallback;
		}
		long v = value.longValue();
		if (v < min || v > max) {
			throw ApiException.invalid(field + " must be between " + min + " and " + max);
		}
		return v;
	}

	public static long nonNegative(@Nullable Number value, long fallback, String field) {
		return clamp(value, fallback, 0, Long.MAX_VALUE, field);
	}

	/**
	 * How many characters the contract's limits count in a text: code points, so an emoji
	 * (two UTF-16 units in a Java string) is one, as it is to the caller.
	 */
	static int characters(String text) {
		return text.codePointCount(0, text.length());
	}

	public static @Nullable String label(@Nullable String value, String field) {
		if (value != null && characters(value) > MAX_LABEL_LENGTH) {
			throw ApiException.invalid(field + " is longer than " + MAX_LABEL_LENGTH + " characters");
		}
		return value;
	}

	/** Longest wait of a start for an exclusive key's holder. */
	static final long MAX_EXCLUSIVE_WAIT_MS = 600_000;

	/** A start's exclusive key and how long it waits for it; null without a key. */
	static @Nullable Exclusive exclusive(@Nullable String key, @Nullable Long waitMs) {
		if (key == null) {
			if (waitMs != null) {
				throw ApiException.invalid("exclusive_wait_ms needs exclusive_key");
			}
			return null;
		}
		if (key.isEmpty() || key.chars().anyMatch(Character::isISOControl)) {
			throw ApiException.invalid("exclusive_key must be non-empty, without control characters");
		}
		label(key, "exclusive_key");
		long wait = nonNegative(waitMs, 0, "exclusive_wait_ms");
		if (wait > MAX_EXCLUSIVE_WAIT_MS) {
			throw ApiException.invalid("exclusive_wait_ms is above " + MAX_EXCLUSIVE_WAIT_MS);
		}
		return new Exclusive(key, Duration.ofMillis(wait));
	}

	/** A start's argv, checked and copied: a program in argv[0], no null, no NUL. */
	static @Nullable List<String> argv(@Nullable List<String> argv) {
		if (argv == null) {
			return null;
		}
		if (argv.isEmpty() || argv.get(0) == null || argv.get(0).isEmpty()) {
			throw ApiException.invalid("argv needs a program in argv[0]");
		}
		argv.forEach((arg) -> {
			if (arg == null) {
				throw ApiException.invalid("argv must not contain null");
			}
			noNul(arg, "argv");
		});
		return List.copyOf(argv);
	}

	/** NUL cannot cross into a process's argv, environment or a path. */
	static @Nullable String noNul(@Nullable String value, String field) {
		if (value != null && value.indexOf('\0') >= 0) {
			throw ApiException.invalid(field + " must not contain NUL characters");
		}
		return value;
	}

	/**
	 * A process's max runtime: the default (at most the cap) when absent, the cap for 0,
	 * refused above the cap.
	 */
	public static Duration maxRuntime(@Nullable Long ms, ExecdProperties.Limits limits) {
		if (ms == null) {
			Duration fallback = limits.defaultMaxRuntime();
			return (fallback.compareTo(limits.maxRuntimeCap()) > 0) ? limits.maxRuntimeCap() : fallback;
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

	/**
	 * Checks a {@code stream} filter: {@code stdout}, {@code stderr}, or null for both.
	 */
	static @Nullable String stream(@Nullable String stream) {
		try {
			SessionReads.checkStream(stream);
			return stream;
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.invalid(ex.getMessage());
		}
	}

	static boolean flag(@Nullable Boolean value) {
		return value != null && value;
	}

}
