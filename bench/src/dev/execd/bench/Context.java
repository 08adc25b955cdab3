package dev.execd.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every scenario gets: the server, the sizes of this mode, and the list that
 * collects errors (any entry fails the run).
 */
final class Context {

	final Server server;

	final Config config;

	private final List<String> errors = new ArrayList<>();

	Context(Server server, Config config) {
		this.server = server;
		this.config = config;
	}

	/** A new keep-alive connection speaking for {@code conversation}. */
	Http client(String conversation) {
		return new Http(this.server.port, conversation);
	}

	synchronized void error(String message) {
		if (this.errors.size() < 1000) {
			this.errors.add(message);
		}
		if (this.errors.size() <= 20) {
			System.err.println("ERROR: " + message);
		}
	}

	synchronized List<String> errors() {
		return List.copyOf(this.errors);
	}

	/** Checks a status code; a mismatch is an error of the run. */
	boolean expect(Http.Response response, int status, String what) {
		if (response.status() != status) {
			error(what + ": HTTP " + response.status() + " (expected " + status + "): " + abbreviate(response.text()));
			return false;
		}
		return true;
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> session(Map<String, Object> result) {
		return (Map<String, Object>) result.get("session");
	}

	static String abbreviate(String text) {
		return (text.length() > 300) ? text.substring(0, 300) + "..." : text;
	}

	/**
	 * Sizes of one mode. {@code smoke} is for CI: seconds, small sizes, nothing timed
	 * against a target.
	 */
	record Config(boolean smoke, int warmup, int rounds, int iterations, long throughputBytes, int throughputRounds,
			int scaleSessions, int scaleConversations, int scaleWaiters, int loadClients, int loadSeconds,
			int loadWarmupSeconds, int screenSnapshots, long screenFloodBytes, int screenSessions, long peerBytes,
			int peerTerminals, int idleSessions, long filesBytes, int filesRounds) {

		static Config large() {
			return new Config(false, 300, 5, 200, 1L << 30, 3, 1000, 20, 100, 200, 60, 10, 1000, 32L << 20, 200,
					100L << 20, 200, 10000, 2L << 30, 5);
		}

		/** This config with some fields replaced by name, e.g. {@code throughputBytes}. */
		Config with(Map<String, Long> overrides) throws ReflectiveOperationException {
			var components = Config.class.getRecordComponents();
			Object[] values = new Object[components.length];
			Class<?>[] types = new Class<?>[components.length];
			for (int i = 0; i < components.length; i++) {
				types[i] = components[i].getType();
				values[i] = components[i].getAccessor().invoke(this);
				Long override = overrides.get(components[i].getName());
				if (override != null) {
					values[i] = (types[i] == long.class) ? override : (Object) override.intValue();
				}
			}
			return Config.class.getDeclaredConstructor(types).newInstance(values);
		}

		static Config small() {
			return new Config(true, 3, 1, 10, 8L << 20, 1, 20, 4, 4, 5, 3, 0, 20, 256L << 10, 5, 1L << 20, 5, 30, 64L << 20, 1);
		}

	}

}
