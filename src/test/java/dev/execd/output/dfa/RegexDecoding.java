package dev.execd.output.dfa;

import java.util.HexFormat;

/**
 * A line's bytes decoded the way the search decodes them before the regex engine sees
 * them (see {@code RegexMatcher}): a sequence with a valid lead byte and continuation
 * bytes becomes its code point, overlong forms included; any other byte one U+FFFD.
 */
final class RegexDecoding {

	private RegexDecoding() {
	}

	static String decode(byte[] b) {
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < b.length;) {
			int u = b[i] & 0xFF;
			int len = (u < 0x80) ? 1
					: (u >= 0xC2 && u <= 0xDF) ? 2 : (u >= 0xE0 && u <= 0xEF) ? 3 : (u >= 0xF0 && u <= 0xF4) ? 4 : 0;
			boolean valid = len >= 1 && i + len <= b.length;
			for (int k = 1; valid && k < len; k++) {
				valid = (b[i + k] & 0xC0) == 0x80;
			}
			if (!valid) {
				out.append('\uFFFD');
				i++;
				continue;
			}
			int cp = (len == 1) ? u : u & (0xFF >> (len + 1));
			for (int k = 1; k < len; k++) {
				cp = (cp << 6) | (b[i + k] & 0x3F);
			}
			out.appendCodePoint(Math.min(cp, Character.MAX_CODE_POINT));
			i += len;
		}
		return out.toString();
	}

	static String show(byte[] b) {
		return HexFormat.ofDelimiter(" ").formatHex(b);
	}

}
