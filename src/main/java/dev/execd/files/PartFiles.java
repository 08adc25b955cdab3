package dev.execd.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The temporary files a write goes through ({@link FileWrites}, {@link Extraction}),
 * renamed over their target once complete.
 */
final class PartFiles {

	private static final SecureRandom RANDOM = new SecureRandom();

	private PartFiles() {
	}

	/**
	 * A temporary file's name: hidden, and of a fixed length, so any valid leaf (up to
	 * 255 bytes) can be written through one.
	 */
	static String name() {
		byte[] bytes = new byte[8];
		RANDOM.nextBytes(bytes);
		return ".execd-" + HexFormat.of().formatHex(bytes) + ".part";
	}

	/**
	 * Removes a temporary file after a failure; a failure to remove it is not reported,
	 * so it never hides the error the caller is about to see.
	 */
	static void discard(Path part) {
		try {
			Files.deleteIfExists(part);
		}
		catch (IOException ex) {
			// The first error is the one that matters; a stray .part is only litter.
		}
	}

}
