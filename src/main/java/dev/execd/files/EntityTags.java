package dev.execd.files;

import org.jspecify.annotations.Nullable;

/**
 * {@code If-Match} and {@code If-None-Match} values (RFC 9110 section 13.1): {@code *} or
 * a comma-separated list of entity tags.
 */
public final class EntityTags {

	private EntityTags() {
	}

	/**
	 * Whether an {@code If-Match} value matches the current tag (strong comparison: a
	 * weak tag never matches). {@code *} matches any existing file.
	 */
	public static boolean matches(String header, @Nullable String current) {
		if (current == null) {
			return false;
		}
		for (String tag : header.split(",")) {
			String value = tag.strip();
			if (value.equals("*") || value.equals(current)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether an {@code If-None-Match} value names the current tag (weak comparison:
	 * {@code W/} is ignored).
	 */
	public static boolean matchesWeakly(String header, String current) {
		for (String tag : header.split(",")) {
			String value = tag.strip();
			if (value.startsWith("W/")) {
				value = value.substring(2);
			}
			if (value.equals("*") || value.equals(current)) {
				return true;
			}
		}
		return false;
	}

}
