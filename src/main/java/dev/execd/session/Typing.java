package dev.execd.session;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import dev.execd.input.InputDecoder;
import dev.execd.input.Keys;

/**
 * One write's {@link Input} values as the bytes the process gets, for a session with or
 * without a terminal and in its current cursor mode. The bytes stay in segments: whether
 * Ctrl-C may become a signal is decided per input, so exact bytes in one part of a write
 * do not stop a Ctrl-C typed as text in another part from interrupting.
 */
final class Typing {

	private Typing() {
	}

	/**
	 * Bytes of consecutive inputs that agree on signal translation.
	 *
	 * @param bytes the bytes
	 * @param translateControls whether Ctrl-C and Ctrl-\ in them may become signals on a
	 * pipe: never for exact bytes
	 */
	record Segment(byte[] bytes, boolean translateControls) {

	}

	/**
	 * What to write.
	 *
	 * @param segments the bytes in order, none empty
	 * @param eof whether input ends after them
	 */
	record Encoded(List<Segment> segments, boolean eof) {

		/** All the bytes, in order. */
		byte[] bytes() {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			this.segments.forEach((segment) -> out.writeBytes(segment.bytes()));
			return out.toByteArray();
		}

	}

	/**
	 * @throws SessionException.InvalidRequest when the bytes are more than
	 * {@link Input#MAX_BYTES}
	 */
	static Encoded encode(List<Input> inputs, boolean tty, boolean applicationCursor) {
		List<Segment> segments = new ArrayList<>();
		ByteArrayOutputStream current = new ByteArrayOutputStream();
		boolean translating = true;
		long total = 0;
		boolean eof = false;
		for (Input input : inputs) {
			byte[] bytes = switch (input) {
				case Input.Text text -> InputDecoder.decode(text.chars());
				case Input.Bytes exact -> exact.bytes();
				case Input.Keys keys -> keys(keys, tty, applicationCursor);
				case Input.Eof end -> {
					eof = true;
					yield new byte[0];
				}
			};
			total += bytes.length;
			if (total > Input.MAX_BYTES) {
				throw new SessionException.InvalidRequest("input is larger than 1 MiB");
			}
			if (bytes.length == 0) {
				continue;
			}
			boolean translate = !(input instanceof Input.Bytes);
			if (translate != translating && current.size() > 0) {
				segments.add(new Segment(current.toByteArray(), translating));
				current.reset();
			}
			translating = translate;
			current.writeBytes(bytes);
		}
		if (current.size() > 0) {
			segments.add(new Segment(current.toByteArray(), translating));
		}
		return new Encoded(List.copyOf(segments), eof);
	}

	private static byte[] keys(Input.Keys keys, boolean tty, boolean applicationCursor) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		keys.names().forEach((key) -> out.writeBytes(Keys.bytes(key, tty, applicationCursor)));
		return out.toByteArray();
	}

}
