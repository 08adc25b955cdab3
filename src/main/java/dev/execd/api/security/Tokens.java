package dev.execd.api.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

import dev.execd.session.Scope;
import org.jspecify.annotations.Nullable;

/**
 * The configured bearer tokens, each with the name of its tenant. Tokens are kept only as
 * SHA-256 digests and compared in constant time; only names are ever logged.
 */
final class Tokens {

	private static final String ANONYMOUS = Scope.ANONYMOUS;

	private final List<Entry> entries;

	private record Entry(String name, byte[] digest) {

	}

	private Tokens(List<Entry> entries) {
		this.entries = entries;
	}

	/**
	 * Parses {@code name:token} entries.
	 * @throws IllegalStateException on an entry without a name or a token, or a name
	 * given twice
	 */
	static Tokens parse(List<String> configured) {
		List<Entry> entries = new ArrayList<>();
		for (String entry : configured) {
			int colon = entry.indexOf(':');
			String name = (colon > 0) ? entry.substring(0, colon).strip() : "";
			String token = (colon > 0) ? entry.substring(colon + 1).strip() : "";
			if (name.isEmpty() || token.isEmpty() || !name.matches("[A-Za-z0-9._-]{1,64}")) {
				throw new IllegalStateException("execd.security.tokens entries must be name:token with a name of "
						+ "1-64 characters [A-Za-z0-9._-] and a non-empty token (entry " + (entries.size() + 1) + ")");
			}
			if (name.equals(ANONYMOUS)) {
				// The tenant of a server without tokens; a token named so would be
				// refused
				// as unauthenticated (see ScopeResolver).
				throw new IllegalStateException("execd.security.tokens may not name a tenant '" + ANONYMOUS + "'");
			}
			if (entries.stream().anyMatch((e) -> e.name().equals(name))) {
				throw new IllegalStateException("execd.security.tokens names tenant '" + name + "' twice");
			}
			entries.add(new Entry(name, digest(token)));
		}
		return new Tokens(List.copyOf(entries));
	}

	boolean isEmpty() {
		return this.entries.isEmpty();
	}

	/** The tenant whose token this is, or null; every entry is compared, always. */
	@Nullable String tenantOf(@Nullable String token) {
		if (token == null || token.isEmpty()) {
			return null;
		}
		byte[] presented = digest(token);
		String tenant = null;
		for (Entry entry : this.entries) {
			if (MessageDigest.isEqual(entry.digest(), presented)) {
				tenant = entry.name();
			}
		}
		return tenant;
	}

	private static byte[] digest(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
