package dev.execd.api;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The {@code env} of a start, checked: at most {@value #MAX_ENV_ENTRIES} entries and
 * {@value #MAX_ENV_BYTES} bytes in all, names without {@code =}, no NUL anywhere; a null
 * value unsets the variable.
 */
final class StartEnv {

	static final int MAX_ENV_ENTRIES = 256;

	static final int MAX_ENV_BYTES = 64 * 1024;

	private StartEnv() {
	}

	static Map<String, @Nullable String> checked(@Nullable Map<String, @Nullable String> env) {
		if (env == null) {
			return Map.of();
		}
		if (env.size() > MAX_ENV_ENTRIES) {
			throw ApiException.invalid("env has more than " + MAX_ENV_ENTRIES + " entries");
		}
		long bytes = 0;
		Map<String, @Nullable String> copy = new LinkedHashMap<>();
		for (Map.Entry<String, @Nullable String> entry : env.entrySet()) {
			String name = entry.getKey();
			if (name.isEmpty() || name.indexOf('=') >= 0) {
				throw ApiException.invalid("env name '" + name + "' is empty or contains '='");
			}
			Inputs.noNul(name, "env");
			Inputs.noNul(entry.getValue(), "env");
			bytes += name.getBytes(StandardCharsets.UTF_8).length
					+ ((entry.getValue() != null) ? entry.getValue().getBytes(StandardCharsets.UTF_8).length : 0);
			copy.put(name, entry.getValue());
		}
		if (bytes > MAX_ENV_BYTES) {
			throw ApiException.invalid("env is larger than 64 KiB");
		}
		return copy;
	}

}
