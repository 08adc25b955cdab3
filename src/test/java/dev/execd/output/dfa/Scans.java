package dev.execd.output.dfa;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines a {@link ByteDfa} stops in, found by scanning a whole text or line by line.
 */
final class Scans {

	private Scans() {
	}

	/** Where each line that a scan of it alone stops in starts. */
	static List<Integer> lineByLine(ByteDfa dfa, byte[] text) {
		List<Integer> lines = new ArrayList<>();
		for (int start = 0; start < text.length;) {
			int end = start;
			while (text[end] != '\n') {
				end++;
			}
			if (dfa.scan(text, start, end) >= 0) {
				lines.add(start);
			}
			start = end + 1;
		}
		return lines;
	}

	/** Where each line a scan stops in starts. */
	static List<Integer> candidateLines(ByteDfa dfa, byte[] text) {
		List<Integer> lines = new ArrayList<>();
		for (int at = 0; at < text.length;) {
			int hit = dfa.scan(text, at, text.length);
			if (hit < 0) {
				break;
			}
			int start = hit;
			while (start > 0 && text[start - 1] != '\n') {
				start--;
			}
			lines.add(start);
			at = hit;
			while (text[at] != '\n') {
				at++;
			}
			at++;
		}
		return lines;
	}

}
