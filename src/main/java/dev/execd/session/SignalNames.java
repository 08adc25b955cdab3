package dev.execd.session;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import dev.execd.process.Signals;
import org.jspecify.annotations.Nullable;

/**
 * Signals as clients name them: {@code SIGINT}, {@code INT}, {@code int}, {@code 2} or
 * {@code "2"}.
 */
public final class SignalNames {

	/** What a termination sends when the caller names no signal. */
	public static final int DEFAULT_TERMINATION = Signals.SIGTERM.number();

	private SignalNames() {
	}

	/**
	 * The canonical name of every signal ({@code SIGHUP}...{@code SIGRTMAX}), by number.
	 */
	public static List<String> names() {
		List<String> names = new ArrayList<>();
		IntStream.rangeClosed(1, 64).forEach((number) -> Signals.nameOf(number).ifPresent(names::add));
		return names;
	}

	/** The signal's number, or empty when the value names no signal. */
	public static OptionalInt number(@Nullable Object value) {
		return Signals.parse(value).map((signal) -> OptionalInt.of(signal.number())).orElse(OptionalInt.empty());
	}

}
