package dev.execd.session;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link Typing}: input values become bytes for the session's own terminal state.
 */
class TypingTests {

	@Test
	void textIsDecodedAndMayBecomeSignals() {
		Typing.Encoded encoded = Typing.encode(List.of(new Input.Text("a\\x03\\n")), false, false);
		assertThat(encoded.bytes()).containsExactly('a', 0x03, '\n');
		assertThat(encoded.segments()).singleElement().returns(true, Typing.Segment::translateControls);
		assertThat(encoded.eof()).isFalse();
	}

	@Test
	void exactBytesNeverBecomeSignals() {
		Typing.Encoded encoded = Typing.encode(List.of(new Input.Bytes(new byte[] { 0x03 }), new Input.Eof()), false,
				false);
		assertThat(encoded.bytes()).containsExactly(0x03);
		assertThat(encoded.segments()).singleElement().returns(false, Typing.Segment::translateControls);
		assertThat(encoded.eof()).isTrue();
	}

	@Test
	void decidesSignalTranslationPerInput() {
		Typing.Encoded encoded = Typing.encode(List.of(new Input.Text("a\\x03"), new Input.Keys(List.of("C-c")),
				new Input.Bytes(new byte[] { 0x03 }), new Input.Text(""), new Input.Bytes(new byte[] { 'b' }),
				new Input.Text("\\x1c"), new Input.Eof()), false, false);
		assertThat(encoded.segments()).extracting(Typing.Segment::translateControls).containsExactly(true, false, true);
		assertThat(encoded.segments()).extracting(Typing.Segment::bytes)
			.containsExactly(new byte[] { 'a', 0x03, 0x03 }, new byte[] { 0x03, 'b' }, new byte[] { 0x1c });
		assertThat(encoded.eof()).isTrue();
	}

	@Test
	void pipeGetsSignalsOnlyFromTranslatingSegments() {
		Typing.Encoded encoded = Typing.encode(List.of(new Input.Bytes(new byte[] { 0x03 }), new Input.Text("x\\x03")),
				false, false);
		assertThat(StdinOps.of(encoded.segments(), false, false)).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(new byte[] { 0x03 }), new StdinWriter.Bytes(new byte[] { 'x' }),
					new StdinWriter.Signal(2));
		assertThat(StdinOps.of(encoded.segments(), false, true)).usingRecursiveFieldByFieldElementComparator()
			.containsExactly(new StdinWriter.Bytes(new byte[] { 0x03 }),
					new StdinWriter.Bytes(new byte[] { 'x', 0x03 }));
	}

	@Test
	void keysFollowTheTerminalAndItsCursorMode() {
		Input keys = new Input.Keys(List.of("Up", "Enter"));
		assertThat(text(Typing.encode(List.of(keys), true, false))).isEqualTo("\u001b[A\r");
		assertThat(text(Typing.encode(List.of(keys), true, true))).isEqualTo("\u001bOA\r");
		assertThat(text(Typing.encode(List.of(keys), false, false))).isEqualTo("\u001b[A\n");
	}

	@Test
	void eofAloneWritesNothing() {
		Typing.Encoded encoded = Typing.encode(List.of(new Input.Eof()), true, false);
		assertThat(encoded.bytes()).isEmpty();
		assertThat(encoded.segments()).isEmpty();
		assertThat(encoded.eof()).isTrue();
	}

	@Test
	void refusesMoreThanOneMebibyte() {
		Input big = new Input.Bytes(new byte[Input.MAX_BYTES + 1]);
		assertThatExceptionOfType(SessionException.InvalidRequest.class)
			.isThrownBy(() -> Typing.encode(List.of(big), false, false))
			.withMessage("input is larger than 1 MiB");
		assertThat(Typing.encode(List.of(new Input.Bytes(new byte[Input.MAX_BYTES])), false, false).bytes())
			.hasSize(Input.MAX_BYTES);
	}

	private static String text(Typing.Encoded encoded) {
		return new String(encoded.bytes(), StandardCharsets.UTF_8);
	}

}
