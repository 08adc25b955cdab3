package dev.execd.session;

import java.io.ByteArrayOutputStream;
import java.util.List;

import dev.execd.input.InputDecoder;
import dev.execd.input.Keys;

/**
 * One write's {@link Input} values as the bytes the process gets, for a session with or
 * without a terminal and in its current cursor mode.
 */
final class Typing {

	private Typing() {
	}

	/**
	 * What to write.
	 *
	 * @param bytes the bytes
	 * @param translateControls whether Ctrl-C and Ctrl-\ may become signals on a pipe:
	 * never for exact bytes
	 * @param eof whether input ends after them
	 */
	record Encoded(byte[] bytes, boolean translateControls, boolean eof) {

	}

	/**
	 * @throws SessionException.InvalidRequest when the bytes are more than
	 * {@link Input#MAX_BYTES}
	 */
	static Encoded encode(List<Input> inputs, boolean tty, boolean applicationCursor) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		boolean translateControls = true;
		boolean eof = false;
		for (Input input : inputs) {
			switch (input) {
				case Input.Text text -> out.writeBytes(InputDecoder.decode(text.chars()));
				case Input.Bytes bytes -> {
					out.writeBytes(bytes.bytes());
					translateControls = false;
				}
				case Input.Keys keys ->
					keys.names().forEach((key) -> out.writeBytes(Keys.bytes(key, tty, applicationCursor)));
				case Input.Eof end -> eof = true;
			}
		}
		if (out.size() > Input.MAX_BYTES) {
			throw new SessionException.InvalidRequest("input is larger than 1 MiB");
		}
		return new Encoded(out.toByteArray(), translateControls, eof);
	}

}
