package dev.execd.config;

import java.time.Duration;

import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Refuses at start-up the limits, process, output and heap settings that could only
 * misbehave later: a period under a millisecond that a timer refuses, a wait clamped to a
 * negative bound, an in-memory window past what an array can hold, a trim every few
 * microseconds; and a property that sets nothing ({@link UnknownSettings}). Spring
 * applies it to {@link ExecdProperties} when binding (the
 * {@code configurationPropertiesValidator} bean), and a refused start names each property
 * and the value it had.
 */
final class SettingsValidator implements Validator {

	private static final DataSize MAX_WINDOW = DataSize.ofGigabytes(1);

	/** Far more than any period needs, and still countable in nanoseconds. */
	private static final Duration MAX_PERIOD = Duration.ofDays(36_500);

	private final Environment environment;

	SettingsValidator(Environment environment) {
		this.environment = environment;
	}

	@Override
	public boolean supports(Class<?> type) {
		return ExecdProperties.class.equals(type);
	}

	@Override
	public void validate(Object target, Errors errors) {
		ExecdProperties settings = (ExecdProperties) target;
		UnknownSettings.find(this.environment).forEach((problem) -> errors.reject("execd", problem));
		ExecdProperties.Limits limits = settings.limits();
		atLeast(errors, "execd.limits.max-sessions", limits.maxSessions(), 1);
		atLeast(errors, "execd.limits.max-sessions-per-conversation", limits.maxSessionsPerConversation(), 1);
		atLeast(errors, "execd.limits.protected-recent", limits.protectedRecent(), 0);
		atLeast(errors, "execd.limits.warn-sessions-per-conversation", limits.warnSessionsPerConversation(), 0);
		atLeast(errors, "execd.limits.max-subscribers-per-session", limits.maxSubscribersPerSession(), 0);
		positive(errors, "execd.limits.inactivity-ttl", limits.inactivityTtl());
		notNegative(errors, "execd.limits.ended-retention", limits.endedRetention());
		positive(errors, "execd.limits.reap-interval", limits.reapInterval());
		positive(errors, "execd.limits.default-max-runtime", limits.defaultMaxRuntime());
		positive(errors, "execd.limits.max-runtime-cap", limits.maxRuntimeCap());
		notNegative(errors, "execd.limits.max-poll", limits.maxPoll());
		if (limits.maxRequestBody().toBytes() < 1) {
			errors.reject("execd.limits",
					"execd.limits.max-request-body must be positive (was " + limits.maxRequestBody() + ")");
		}
		notNegative(errors, "execd.process.kill-grace", settings.process().killGrace());
		Duration trim = settings.heap().nativeTrim();
		if (!trim.isZero() && trim.compareTo(Duration.ofSeconds(1)) < 0) {
			errors.reject("execd.heap.native-trim",
					"execd.heap.native-trim must be 0s (never) or at least 1s (was " + text(trim) + ")");
		}
		ExecdProperties.Output output = settings.output();
		long window = output.memoryWindow().toBytes();
		if (window < 0 || window > MAX_WINDOW.toBytes()) {
			errors.reject("execd.output",
					"execd.output.memory-window must be between 0B and 1GB (was " + output.memoryWindow() + ")");
		}
		if (output.maxLogSize().isNegative() || output.maxTotalLogSize().isNegative()) {
			errors.reject("execd.output", "execd.output.max-log-size and max-total-log-size must not be negative (were "
					+ output.maxLogSize() + ", " + output.maxTotalLogSize() + ")");
		}
	}

	private static void atLeast(Errors errors, String name, int value, int least) {
		if (value < least) {
			errors.reject(name, name + " must be at least " + least + " (was " + value + ")");
		}
	}

	/** At least a millisecond: the timers and waits count in milliseconds. */
	private static void positive(Errors errors, String name, Duration value) {
		if (value.compareTo(Duration.ofMillis(1)) < 0) {
			errors.reject(name, name + " must be at least 1ms (was " + text(value) + ")");
		}
		atMostMaxPeriod(errors, name, value);
	}

	private static void notNegative(Errors errors, String name, Duration value) {
		if (value.isNegative()) {
			errors.reject(name, name + " must not be negative (was " + text(value) + ")");
		}
		atMostMaxPeriod(errors, name, value);
	}

	/** Waits and deadlines add periods to nanosecond clocks, which would overflow. */
	private static void atMostMaxPeriod(Errors errors, String name, Duration value) {
		if (value.compareTo(MAX_PERIOD) > 0) {
			errors.reject(name, name + " must be at most 36500d (was " + value.toDays() + "d)");
		}
	}

	/** In a form the property takes back: {@code 90s}, {@code 1500ms}, {@code 500us}. */
	private static String text(Duration value) {
		if (value.abs().compareTo(MAX_PERIOD) > 0) {
			return value.toDays() + "d";
		}
		long nanos = value.toNanos();
		if (nanos % 1_000_000_000L == 0) {
			return nanos / 1_000_000_000L + "s";
		}
		if (nanos % 1_000_000L == 0) {
			return nanos / 1_000_000L + "ms";
		}
		return (nanos % 1_000L == 0) ? nanos / 1_000L + "us" : nanos + "ns";
	}

}
