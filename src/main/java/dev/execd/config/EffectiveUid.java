package dev.execd.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The effective uid of this process, from {@code /proc/self/status}: files execd creates
 * belong to it, and the output directory must too. ({@code /proc/self} itself is owned by
 * root once execd marked itself non-dumpable, so its owner would not do.)
 */
public final class EffectiveUid {

	private EffectiveUid() {
	}

	public static int get() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("Uid:")) {
					// Real, effective, saved set and filesystem uid.
					return Integer.parseInt(line.substring(4).strip().split("\\s+")[1]);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		throw new IllegalStateException("No Uid line in /proc/self/status");
	}

}
