package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What tests need to know about processes: alive means present and not a zombie.
 */
public final class Procs {

	private Procs() {
	}

	public static boolean alive(long pid) {
		String stat = stat(pid);
		if (stat == null) {
			return false;
		}
		char state = stat.charAt(stat.lastIndexOf(')') + 2);
		return state != 'Z' && state != 'X';
	}

	/** Field {@code n} (1-based, as in proc(5)) of /proc/pid/stat. */
	public static long field(long pid, int n) {
		String stat = stat(pid);
		if (stat == null) {
			return -1;
		}
		String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		return Long.parseLong(rest[n - 3]);
	}

	private static String stat(long pid) {
		try {
			return Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
		}
		catch (NoSuchFileException ex) {
			return null;
		}
		catch (IOException ex) {
			return null;
		}
	}

}
