package dev.execd.process;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * Linux (x86_64) signal numbers and names, and parsing of the forms a client may send:
 * {@code "SIGINT"}, {@code "INT"}, {@code "int"}, {@code 10} or {@code "10"}.
 */
public final class Signals {

	public static final Signal SIGHUP = new Signal(1, "SIGHUP");

	public static final Signal SIGINT = new Signal(2, "SIGINT");

	public static final Signal SIGQUIT = new Signal(3, "SIGQUIT");

	public static final Signal SIGKILL = new Signal(9, "SIGKILL");

	public static final Signal SIGTERM = new Signal(15, "SIGTERM");

	public static final Signal SIGCONT = new Signal(18, "SIGCONT");

	// Index = signal number; numbers 32 and 33 are taken by glibc for its threads and
	// are never valid targets, so the table stops at 31 and real-time signals follow.
	private static final List<String> STANDARD = List.of("", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP",
			"SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM",
			"SIGSTKFLT", "SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
			"SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS");

	private static final Map<String, Integer> NUMBERS = STANDARD.stream()
		.filter((name) -> !name.isEmpty())
		.collect(Collectors.toUnmodifiableMap(Function.identity(), STANDARD::indexOf));

	private static final int SIGRTMIN = 34;

	private static final int SIGRTMAX = 64;

	private static final Pattern NUMBER = Pattern.compile("[0-9]{1,9}");

	// Real-time signals as bash's "kill -l" names them: RTMIN+n counts up, RTMAX-n down.
	private static final Pattern REALTIME = Pattern.compile("RTMIN(?:\\+([0-9]{1,2}))?|RTMAX(?:-([0-9]{1,2}))?");

	private Signals() {
	}

	/**
	 * Parse a signal given by name (with or without {@code SIG}, any case) or number (an
	 * integral {@link Number} or a string of digits).
	 * @param value the client's value, may be {@code null}
	 * @return the signal, or empty if the value names no signal
	 */
	public static Optional<Signal> parse(@Nullable Object value) {
		return switch (value) {
			case Integer number -> of(number);
			case Long number -> of(number);
			case Short number -> of(number);
			case Byte number -> of(number);
			case BigInteger number -> (number.bitLength() < 32) ? of(number.intValue()) : Optional.empty();
			case String text -> parseText(text.strip());
			case null, default -> Optional.empty();
		};
	}

	/**
	 * Return the canonical name of a signal number, e.g. {@code "SIGTERM"}.
	 * @param number the signal number
	 * @return the name, or empty if no signal has that number
	 */
	public static Optional<String> nameOf(int number) {
		if (number > 0 && number < STANDARD.size()) {
			return Optional.of(STANDARD.get(number));
		}
		if (number < SIGRTMIN || number > SIGRTMAX) {
			return Optional.empty();
		}
		int fromMin = number - SIGRTMIN;
		int fromMax = SIGRTMAX - number;
		if (fromMin == 0) {
			return Optional.of("SIGRTMIN");
		}
		if (fromMax == 0) {
			return Optional.of("SIGRTMAX");
		}
		return Optional.of((fromMin <= fromMax) ? "SIGRTMIN+" + fromMin : "SIGRTMAX-" + fromMax);
	}

	private static Optional<Signal> of(long number) {
		return (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) ? Optional.empty()
				: nameOf((int) number).map((name) -> new Signal((int) number, name));
	}

	private static Optional<Signal> parseText(String text) {
		if (NUMBER.matcher(text).matches()) {
			return of(Long.parseLong(text));
		}
		String upper = text.toUpperCase(Locale.ROOT);
		String name = upper.startsWith("SIG") ? upper : "SIG" + upper;
		Integer number = NUMBERS.get(name);
		if (number != null) {
			return of(number);
		}
		Matcher realtime = REALTIME.matcher(name.substring(3));
		if (!realtime.matches()) {
			return Optional.empty();
		}
		long offset = (realtime.group(1) != null) ? Long.parseLong(realtime.group(1))
				: (realtime.group(2) != null) ? -Long.parseLong(realtime.group(2)) : 0;
		long base = name.startsWith("SIGRTMIN") ? SIGRTMIN : SIGRTMAX;
		long rt = base + offset;
		return (rt >= SIGRTMIN && rt <= SIGRTMAX) ? of(rt) : Optional.empty();
	}

	/**
	 * A signal by number and canonical name, e.g. {@code (15, "SIGTERM")}.
	 *
	 * @param number the Linux signal number
	 * @param name the canonical name, with the {@code SIG} prefix
	 */
	public record Signal(int number, String name) {

		public Signal {
			if (number < 1 || number > SIGRTMAX) {
				throw new IllegalArgumentException("Signal number out of range: " + number);
			}
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("Signal name must not be blank");
			}
		}

	}

}
