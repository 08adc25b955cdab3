package dev.execd.emulators;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** A streaming UTF-8 decoder: a character split across feeds is kept for the next one. */
final class Utf8 {

	private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
		.onMalformedInput(CodingErrorAction.REPLACE)
		.onUnmappableCharacter(CodingErrorAction.REPLACE);

	private final byte[] carry = new byte[4];

	private int carried;

	CharBuffer decode(byte[] bytes, int offset, int length) {
		ByteBuffer in;
		if (this.carried > 0) {
			in = ByteBuffer.allocate(this.carried + length);
			in.put(this.carry, 0, this.carried).put(bytes, offset, length).flip();
		}
		else {
			in = ByteBuffer.wrap(bytes, offset, length);
		}
		CharBuffer out = CharBuffer.allocate(in.remaining() + 1);
		this.decoder.decode(in, out, false);
		this.carried = in.remaining();
		in.get(this.carry, 0, this.carried);
		out.flip();
		return out;
	}

}
