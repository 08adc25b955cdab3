package dev.execd.input;

import java.io.ByteArrayOutputStream;

/**
 * Decodes the {@code chars} input field: C-style escapes become the bytes they name,
 * everything else is UTF-8. An unknown or malformed escape stays literal, so text an
 * agent did not mean as an escape still arrives as typed.
 * <p>
 * {@code \xHH} writes one raw byte (not a code point), which is how an agent sends
 * control bytes or bytes that are not UTF-8. {@code \0} is NUL only, never an octal
 * escape. A lone surrogate in the string itself is written as U+FFFD.
 */
public final class InputDecoder {

	private static final int REPLACEMENT_CHARACTER = 0xFFFD;

	private InputDecoder() {
	}

	/**
	 * Decodes escapes and encodes the rest as UTF-8.
	 * @param chars the text as received
	 * @return the bytes to write
	 */
	public static byte[] decode(String chars) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(chars.length() + 16);
		int i = 0;
		while (i < chars.length()) {
			int codePoint = chars.codePointAt(i);
			int consumed = (codePoint == '\\') ? escape(chars, i, out) : 0;
			if (consumed == 0) {
				writeUtf8(out, isSurrogate(codePoint) ? REPLACEMENT_CHARACTER : codePoint);
				consumed = Character.charCount(codePoint);
			}
			i += consumed;
		}
		return out.toByteArray();
	}

	/**
	 * Writes the escape starting at {@code start} (a backslash).
	 * @return the number of chars it spans, or 0 if it is not a valid escape
	 */
	private static int escape(String chars, int start, ByteArrayOutputStream out) {
		if (start + 1 >= chars.length()) {
			return 0;
		}
		return switch (chars.charAt(start + 1)) {
			case 'n' -> single(out, '\n');
			case 'r' -> single(out, '\r');
			case 't' -> single(out, '\t');
			case 'b' -> single(out, '\b');
			case 'f' -> single(out, '\f');
			case 'v' -> single(out, 0x0B);
			case '0' -> single(out, 0x00);
			case 'a' -> single(out, 0x07);
			case 'e' -> single(out, 0x1B);
			case '\\', '"', '\'' -> single(out, chars.charAt(start + 1));
			case 'x' -> rawByte(chars, start, out);
			case 'u' -> (start + 2 < chars.length() && chars.charAt(start + 2) == '{') ? braced(chars, start, out)
					: utf16(chars, start, out);
			default -> 0;
		};
	}

	private static int single(ByteArrayOutputStream out, int value) {
		out.write(value);
		return 2;
	}

	// \xHH
	private static int rawByte(String chars, int start, ByteArrayOutputStream out) {
		int value = hex(chars, start + 2, 2);
		if (value < 0) {
			return 0;
		}
		out.write(value);
		return 4;
	}

	// \\uHHHH, where a high surrogate must be followed by an escaped low one: JSON
	// clients write non-BMP characters that way.
	private static int utf16(String chars, int start, ByteArrayOutputStream out) {
		int value = hex(chars, start + 2, 4);
		if (value < 0 || Character.isLowSurrogate((char) value)) {
			return 0;
		}
		if (!Character.isHighSurrogate((char) value)) {
			writeUtf8(out, value);
			return 6;
		}
		int low = chars.startsWith("\\u", start + 6) ? hex(chars, start + 8, 4) : -1;
		if (low < 0 || !Character.isLowSurrogate((char) low)) {
			return 0;
		}
		writeUtf8(out, Character.toCodePoint((char) value, (char) low));
		return 12;
	}

	// \\u{H...} with 1 to 6 hex digits naming a Unicode scalar value
	private static int braced(String chars, int start, ByteArrayOutputStream out) {
		int digitsStart = start + 3;
		int end = digitsStart;
		while (end < chars.length() && end - digitsStart <= 6 && hexDigit(chars.charAt(end)) >= 0) {
			end++;
		}
		int digits = end - digitsStart;
		if (digits < 1 || digits > 6 || end >= chars.length() || chars.charAt(end) != '}') {
			return 0;
		}
		int value = hex(chars, digitsStart, digits);
		if (value > Character.MAX_CODE_POINT || isSurrogate(value)) {
			return 0;
		}
		writeUtf8(out, value);
		return end + 1 - start;
	}

	/**
	 * Parses exactly {@code count} hex digits at {@code start}.
	 * @return the value, or -1 if there are fewer digits
	 */
	private static int hex(String chars, int start, int count) {
		if (start + count > chars.length()) {
			return -1;
		}
		int value = 0;
		for (int i = start; i < start + count; i++) {
			int digit = hexDigit(chars.charAt(i));
			if (digit < 0) {
				return -1;
			}
			value = value * 16 + digit;
		}
		return value;
	}

	// Only ASCII digits: Character.digit would also accept full-width ones.
	private static int hexDigit(char c) {
		if (c >= '0' && c <= '9') {
			return c - '0';
		}
		if (c >= 'a' && c <= 'f') {
			return c - 'a' + 10;
		}
		if (c >= 'A' && c <= 'F') {
			return c - 'A' + 10;
		}
		return -1;
	}

	private static boolean isSurrogate(int codePoint) {
		return codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
	}

	private static void writeUtf8(ByteArrayOutputStream out, int codePoint) {
		if (codePoint < 0x80) {
			out.write(codePoint);
		}
		else if (codePoint < 0x800) {
			out.write(0xC0 | (codePoint >> 6));
			out.write(0x80 | (codePoint & 0x3F));
		}
		else if (codePoint < 0x10000) {
			out.write(0xE0 | (codePoint >> 12));
			out.write(0x80 | ((codePoint >> 6) & 0x3F));
			out.write(0x80 | (codePoint & 0x3F));
		}
		else {
			out.write(0xF0 | (codePoint >> 18));
			out.write(0x80 | ((codePoint >> 12) & 0x3F));
			out.write(0x80 | ((codePoint >> 6) & 0x3F));
			out.write(0x80 | (codePoint & 0x3F));
		}
	}

}
