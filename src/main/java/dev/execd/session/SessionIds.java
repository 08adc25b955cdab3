package dev.execd.session;

import java.security.SecureRandom;

/**
 * Session ids: 21 characters of a 64-letter URL-safe alphabet from a CSPRNG, 126 bits.
 */
final class SessionIds {

	private static final char[] ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict"
		.toCharArray();

	static final int LENGTH = 21;

	private static final SecureRandom RANDOM = new SecureRandom();

	private SessionIds() {
	}

	static String next() {
		byte[] bytes = new byte[LENGTH];
		RANDOM.nextBytes(bytes);
		char[] id = new char[LENGTH];
		for (int i = 0; i < LENGTH; i++) {
			id[i] = ALPHABET[bytes[i] & 63];
		}
		return new String(id);
	}

	/** Whether {@code id} could be a session id; anything else is simply not found. */
	static boolean isWellFormed(String id) {
		if (id.length() != LENGTH) {
			return false;
		}
		for (int i = 0; i < id.length(); i++) {
			char c = id.charAt(i);
			boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
					|| c == '_';
			if (!ok) {
				return false;
			}
		}
		return true;
	}

}
