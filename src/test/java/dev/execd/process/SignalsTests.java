package dev.execd.process;

import java.math.BigInteger;
import java.util.Optional;
import java.util.stream.Stream;

import dev.execd.process.Signals.Signal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class SignalsTests {

	static Stream<Arguments> accepted() {
		return Stream.of(arguments("SIGINT", 2, "SIGINT"), arguments("INT", 2, "SIGINT"), arguments("int", 2, "SIGINT"),
				arguments("sigint", 2, "SIGINT"), arguments("SigTerm", 15, "SIGTERM"),
				arguments(" TERM ", 15, "SIGTERM"), arguments(10, 10, "SIGUSR1"), arguments(10L, 10, "SIGUSR1"),
				arguments((short) 9, 9, "SIGKILL"), arguments(BigInteger.valueOf(1), 1, "SIGHUP"),
				arguments("10", 10, "SIGUSR1"), arguments("09", 9, "SIGKILL"), arguments(1, 1, "SIGHUP"),
				arguments(31, 31, "SIGSYS"), arguments("winch", 28, "SIGWINCH"),
				arguments("SIGSTKFLT", 16, "SIGSTKFLT"), arguments("SIGRTMIN", 34, "SIGRTMIN"),
				arguments("rtmin+1", 35, "SIGRTMIN+1"), arguments("SIGRTMAX-14", 50, "SIGRTMAX-14"),
				arguments("SIGRTMAX", 64, "SIGRTMAX"), arguments(49, 49, "SIGRTMIN+15"),
				arguments("64", 64, "SIGRTMAX"));
	}

	@ParameterizedTest
	@MethodSource("accepted")
	void parsesNamesAndNumbers(Object value, int number, String name) {
		assertThat(Signals.parse(value)).contains(new Signal(number, name));
	}

	static Stream<Arguments> rejected() {
		return Stream.of(arguments("SIGFOO"), arguments(0), arguments(99), arguments(""), arguments("1.5"),
				arguments((Object) null), arguments(-9), arguments("-9"), arguments(32), arguments(33), arguments(65),
				arguments("SIG"), arguments("SIGSIGINT"), arguments("SIGRTMIN+31"), arguments("SIGRTMAX+1"),
				arguments("RTMIN-1"), arguments(1.0), arguments(10.5), arguments(Long.MAX_VALUE),
				arguments("99999999999"), arguments(true), arguments("KILL9"));
	}

	@ParameterizedTest
	@MethodSource("rejected")
	void rejectsWhatNamesNoSignal(Object value) {
		assertThat(Signals.parse(value)).isEmpty();
	}

	@Test
	void namesEveryStandardAndRealtimeNumber() {
		assertThat(Signals.nameOf(15)).contains("SIGTERM");
		assertThat(Signals.nameOf(19)).contains("SIGSTOP");
		assertThat(Signals.nameOf(63)).contains("SIGRTMAX-1");
		for (int number : new int[] { 0, 32, 33, 65, -1 }) {
			assertThat(Signals.nameOf(number)).as("signal %d", number).isEmpty();
		}
		for (int number = 1; number <= 64; number++) {
			Optional<String> name = Signals.nameOf(number);
			if (name.isPresent()) {
				assertThat(Signals.parse(name.get())).as(name.get()).contains(new Signal(number, name.get()));
			}
		}
	}

	@Test
	void constantsMatchTheirNames() {
		assertThat(Signals.SIGHUP).isEqualTo(new Signal(1, "SIGHUP"));
		assertThat(Signals.SIGINT).isEqualTo(new Signal(2, "SIGINT"));
		assertThat(Signals.SIGQUIT).isEqualTo(new Signal(3, "SIGQUIT"));
		assertThat(Signals.SIGKILL).isEqualTo(new Signal(9, "SIGKILL"));
		assertThat(Signals.SIGTERM).isEqualTo(new Signal(15, "SIGTERM"));
	}

	@Test
	void signalRejectsImpossibleNumbers() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Signal(0, "SIGZERO"));
		assertThatIllegalArgumentException().isThrownBy(() -> new Signal(65, "SIGNOPE"));
	}

}
