package dev.execd.files;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Names as the kernel has them: any bytes but {@code /} and NUL, UTF-8 or not. A name
 * read from a directory is held as a string in which each byte that is not part of valid
 * UTF-8 stands as the lone surrogate {@code U+DC00 + byte} (valid UTF-8 never decodes to
 * a lone surrogate), so every name maps back to its exact bytes. The JDK would decode
 * such bytes to U+FFFD (or fail under a non-UTF-8 locale), and the name so decoded then
 * names another entry or none: the entry would be skipped, and a directory holding it
 * could not be removed.
 */
final class Names {

	private static final char ESCAPE = '\uDC00';

	private Names() {
	}

	/** A name read from a directory. */
	static String decode(byte[] bytes) {
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
			.onMalformedInput(CodingErrorAction.REPORT)
			.onUnmappableCharacter(CodingErrorAction.REPORT);
		ByteBuffer in = ByteBuffer.wrap(bytes);
		CharBuffer out = CharBuffer.allocate(bytes.length);
		while (true) {
			CoderResult result = decoder.decode(in, out, true);
			if (result.isUnderflow()) {
				decoder.flush(out);
				return out.flip().toString();
			}
			// Each byte of a malformed sequence stands for itself.
			for (int i = 0; i < result.length(); i++) {
				out.put((char) (ESCAPE | (in.get() & 0xff)));
			}
		}
	}

	/** The exact bytes of a name. */
	static byte[] encode(String name) {
		if (!escaped(name)) {
			return name.getBytes(StandardCharsets.UTF_8);
		}
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(name.length() + 8);
		int start = 0;
		for (int i = 0; i <= name.length(); i++) {
			if (i == name.length() || isEscape(name, i)) {
				bytes.writeBytes(name.substring(start, i).getBytes(StandardCharsets.UTF_8));
				if (i < name.length()) {
					bytes.write(name.charAt(i) & 0xff);
				}
				start = i + 1;
			}
		}
		return bytes.toByteArray();
	}

	/** The bytes of a name or path with the NUL that ends a C string. */
	static byte[] cString(String name) {
		byte[] bytes = encode(name);
		byte[] terminated = new byte[bytes.length + 1];
		System.arraycopy(bytes, 0, terminated, 0, bytes.length);
		return terminated;
	}

	/** Whether the name has bytes that are not UTF-8. */
	static boolean escaped(String name) {
		for (int i = 0; i < name.length(); i++) {
			if (isEscape(name, i)) {
				return true;
			}
		}
		return false;
	}

	/** The name to show: each byte that is not UTF-8 as U+FFFD. */
	static String display(String name) {
		if (!escaped(name)) {
			return name;
		}
		StringBuilder shown = new StringBuilder(name.length());
		for (int i = 0; i < name.length(); i++) {
			shown.append(isEscape(name, i) ? '\uFFFD' : name.charAt(i));
		}
		return shown.toString();
	}

	/**
	 * An entry of a directory as a JDK path with the name's exact bytes: a file URI's
	 * percent-escapes become bytes as they are, whatever the locale.
	 */
	static Path entry(Path directory, String name) {
		if (name.chars().allMatch((c) -> c < 0x80)) {
			return directory.resolve(name);
		}
		StringBuilder uri = new StringBuilder("file://").append(directory).append('/');
		for (byte b : encode(name)) {
			uri.append('%').append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
		}
		return Path.of(URI.create(uri.toString()));
	}

	private static boolean isEscape(String name, int i) {
		char c = name.charAt(i);
		if (c < '\uDC80' || c > '\uDCFF') {
			return false;
		}
		// A low surrogate after a high one is half of a real character, not an escape.
		return i == 0 || !Character.isHighSurrogate(name.charAt(i - 1));
	}

}
