package dev.execd.session;

import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/** Reads the fields of an end marker's body, {@code E;<status>;<pipestatus>}. */
final class EndMarker {

	private EndMarker() {
	}

	static @Nullable Integer exitCode(String[] parts) {
		try {
			return (parts.length > 1) ? Integer.valueOf(parts[1]) : null;
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	static @Nullable List<Integer> pipeStatus(String[] parts) {
		if (parts.length < 3 || parts[2].isBlank()) {
			return null;
		}
		try {
			return Arrays.stream(parts[2].trim().split(" +")).map(Integer::valueOf).toList();
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
