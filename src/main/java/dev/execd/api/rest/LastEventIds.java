package dev.execd.api.rest;

import dev.execd.api.ApiException;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code Last-Event-ID} header of a reconnecting SSE client.
 */
final class LastEventIds {

	private LastEventIds() {
	}

	static @Nullable Long parse(@Nullable String header) {
		if (header == null || header.isBlank()) {
			return null;
		}
		try {
			long id = Long.parseLong(header.strip());
			if (id < 0) {
				throw ApiException.invalid("Last-Event-ID must not be negative");
			}
			return id;
		}
		catch (NumberFormatException ex) {
			throw ApiException.invalid("Last-Event-ID must be a number");
		}
	}

}
