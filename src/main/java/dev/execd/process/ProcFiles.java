package dev.execd.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * Reads of another process's {@code /proc} files for {@link InputWaits}. A link or file
 * that cannot be read (the process ended, no permission) is null; memory that cannot be
 * read throws, and the caller treats it as "not waiting".
 */
final class ProcFiles {

	private static final Path PROC = Path.of("/proc");

	private ProcFiles() {
	}

	static int littleEndian(byte[] bytes, int at, int length) {
		int value = 0;
		for (int i = length - 1; i >= 0; i--) {
			value = (value << 8) | (bytes[at + i] & 0xff);
		}
		// sign-extend the int of a pollfd's fd (-1: ignored entry)
		return (length == 4) ? value : value & 0xffff;
	}

	static byte[] memory(long pid, long address, int length) throws IOException {
		try (RandomAccessFile mem = new RandomAccessFile(PROC.resolve(pid + "/mem").toFile(), "r")) {
			mem.seek(address);
			byte[] bytes = new byte[length];
			mem.readFully(bytes);
			return bytes;
		}
	}

	static @Nullable String link(long pid, long fd) {
		try {
			return Files.readSymbolicLink(PROC.resolve(pid + "/fd/" + fd)).toString();
		}
		catch (IOException | UnsupportedOperationException ex) {
			return null;
		}
	}

	static @Nullable String read(long pid, String file) {
		try {
			return Files.readString(PROC.resolve(pid + "/" + file));
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
	}

}
