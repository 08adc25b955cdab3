package dev.execd.config;

import java.time.Duration;
import java.util.Locale;

import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Refuses at start-up the limits, process and output settings that could only misbehave
 * later: a negative or zero period that a timer refuses, a wait clamped to a negative
 * bound, an in-memory window past what an array can hold. Spring applies it to
 * {@link ExecdProperties} when binding (the {@code configurationPropertiesValidator}
 * bean), and a refused start names each property and the value it had.
 */
final class SettingsValidator implements Validator {

	private static final DataSize MAX_WINDOW = DataSize.ofGigabytes(1);

	@Override
	public boolean supports(Class<?> type) {
		return ExecdProperties.class.equals(type);
	}

	@Override
	public void validate(Object target, Errors errors) {
		ExecdProperties settings = (ExecdProperties) target;
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
		if (limits.defaultMaxRuntime().compareTo(limits.maxRuntimeCap()) > 0) {
			errors.reject("execd.limits", "execd.limits.default-max-runtime (" + text(limits.defaultMaxRuntime())
					+ ") must not exceed execd.limits.max-runtime-cap (" + text(limits.maxRuntimeCap()) + ")");
		}
		notNegative(errors, "execd.limits.max-poll", limits.maxPoll());
		if (limits.maxRequestBody().toBytes() < 1) {
			errors.reject("execd.limits",
					"execd.limits.max-request-body must be positive (was " + limits.maxRequestBody() + ")");
		}
		notNegative(errors, "execd.process.kill-grace", settings.process().killGrace());
		ExecdProperties.Output output = settings.output();
		long window = output.memoryWindow().toBytes();
		if (window < 1 || window > MAX_WINDOW.toBytes()) {
			errors.reject("execd.output",
					"execd.output.memory-window must be between 1B and 1GB (was " + output.memoryWindow() + ")");
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

	private static void positive(Errors errors, String name, Duration value) {
		if (value.isNegative() || value.isZero()) {
			errors.reject(name, name + " must be positive (was " + text(value) + ")");
		}
	}

	private static void notNegative(Errors errors, String name, Duration value) {
		if (value.isNegative()) {
			errors.reject(name, name + " must not be negative (was " + text(value) + ")");
		}
	}

	/** As a property gives it: {@code 90s} is {@code 1m30s}, not {@code PT1M30S}. */
	private static String text(Duration value) {
		return value.toString().substring(2).toLowerCase(Locale.ROOT);
	}

}
