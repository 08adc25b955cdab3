package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StdinOpsTests {

	@Test
	void splitsCtrlCAndCtrlBackslashIntoSignalsInOrderOnPipes() {
		List<StdinWriter.Op> ops = StdinOps.of(bytes("ab\u0003cd\u001c"), true, false, false);
		assertThat(ops).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(bytes("ab")), new StdinWriter.Signal(2),
					new StdinWriter.Bytes(bytes("cd")), new StdinWriter.Signal(3));
	}

	@Test
	void keepsControlBytesWhenNotTranslating() {
		List<StdinWriter.Op> ops = StdinOps.of(bytes("a\u0003"), false, false, false);
		assertThat(ops).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(bytes("a\u0003")));
	}

	@Test
	void eofClosesPipeAndTypesCtrlDOnTerminal() {
		assertThat(StdinOps.of(bytes("x"), true, true, false)).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(bytes("x")), new StdinWriter.Close());
		assertThat(StdinOps.of(new byte[0], false, true, true)).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(new byte[] { 4 }));
	}

	@Test
	void emptyInputWithoutEofIsNothing() {
		assertThat(StdinOps.of(new byte[0], true, false, false)).isEmpty();
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

}
