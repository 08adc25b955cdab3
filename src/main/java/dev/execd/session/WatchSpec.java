package dev.execd.session;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A watch as a client asked for it: a regular expression matched against each complete
 * line of the session's output as it arrives.
 *
 * @param name its name, unique in the session
 * @param pattern the expression, checked as {@code wait_for} is
 * @param once whether it goes after its first match
 */
public record WatchSpec(String name, Pattern pattern, boolean once) {

	/** The most watches a session has. */
	public static final int MAX_PER_SESSION = 16;

	/** The longest name. */
	public static final int MAX_NAME_LENGTH = 64;

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

	/**
	 * A watch with a name of 1 to 64 letters, digits, {@code .}, {@code _} and {@code -},
	 * starting with a letter or digit: it appears in a URL path.
	 * @throws SessionException.InvalidRequest otherwise
	 */
	public WatchSpec {
		if (name == null || name.length() > MAX_NAME_LENGTH || !NAME.matcher(name).matches()) {
			throw new SessionException.InvalidRequest("a watch name is 1 to " + MAX_NAME_LENGTH
					+ " letters, digits, '.', '_' and '-', starting with a letter or digit");
		}
	}

	/**
	 * Refuses a set of watches that is not one: more than
	 * {@link WatchSpec#MAX_PER_SESSION} or a name twice.
	 * @throws SessionException.InvalidRequest then
	 */
	public static List<WatchSpec> checked(List<WatchSpec> watches) {
		if (watches.size() > MAX_PER_SESSION) {
			throw new SessionException.InvalidRequest(
					"a session has at most " + MAX_PER_SESSION + " watches; " + watches.size() + " given");
		}
		Set<String> names = new HashSet<>();
		for (WatchSpec watch : watches) {
			if (!names.add(watch.name())) {
				throw new SessionException.InvalidRequest("watch name '" + watch.name() + "' is given twice");
			}
		}
		return List.copyOf(watches);
	}

	/** The expression as the client wrote it. */
	public String regex() {
		return this.pattern.pattern();
	}

}
