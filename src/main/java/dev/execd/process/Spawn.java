package dev.execd.process;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;

/**
 * Starts a child with glibc's {@code posix_spawnp} (a vfork and one exec, no JVM helper)
 * on descriptors of execd's own, so no JDK reaper thread waits for it: the {@link Poller}
 * reaps it through a pidfd. The child gets the three given descriptors as its standard
 * streams and no other (closefrom), the working directory, exactly the given environment
 * and an empty signal mask. Needs glibc 2.34 or later. Strings are encoded as the JDK
 * encodes command lines ({@code sun.jnu.encoding}).
 */
final class Spawn {

	// Opaque glibc types, allocated generously: posix_spawn_file_actions_t is 80 bytes,
	// posix_spawnattr_t 336 and sigset_t 128 on x86_64 and aarch64.
	private static final int OPAQUE = 512;

	private static final short POSIX_SPAWN_SETSIGMASK = 0x08;

	private static final String ENCODING = System.getProperty("sun.jnu.encoding", "UTF-8");

	static {
		Native.register(Spawn.class, "c");
	}

	private Spawn() {
	}

	/**
	 * Spawns {@code argv} (looked up in execd's {@code PATH}).
	 * @return the child's pid
	 * @throws SpawnException with the errno of a failed spawn
	 */
	static long start(List<String> argv, Path workdir, Map<String, String> environment, int stdin, int stdout,
			int stderr) throws SpawnException {
		Memory actions = new Memory(OPAQUE);
		Memory attributes = new Memory(OPAQUE);
		Memory mask = new Memory(OPAQUE);
		Memory pid = new Memory(4);
		check(posix_spawn_file_actions_init(actions));
		try {
			check(posix_spawnattr_init(attributes));
			try {
				check(posix_spawn_file_actions_adddup2(actions, stdin, 0));
				check(posix_spawn_file_actions_adddup2(actions, stdout, 1));
				check(posix_spawn_file_actions_adddup2(actions, stderr, 2));
				check(posix_spawn_file_actions_addclosefrom_np(actions, 3));
				check(posix_spawn_file_actions_addchdir_np(actions, text(workdir.toString())));
				sigemptyset(mask);
				check(posix_spawnattr_setsigmask(attributes, mask));
				check(posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGMASK));
				String[] env = environment.entrySet()
					.stream()
					.map((e) -> e.getKey() + "=" + e.getValue())
					.toArray(String[]::new);
				int error = posix_spawnp(pid, text(argv.get(0)), actions, attributes,
						new StringArray(argv.toArray(String[]::new), ENCODING), new StringArray(env, ENCODING));
				if (error != 0) {
					throw new SpawnException(error, "error=" + error + ", posix_spawnp of " + argv.get(0) + " failed");
				}
				return pid.getInt(0);
			}
			finally {
				posix_spawnattr_destroy(attributes);
			}
		}
		finally {
			posix_spawn_file_actions_destroy(actions);
		}
	}

	/** A NUL-terminated copy of {@code s}. */
	private static Memory text(String s) {
		byte[] bytes = s.getBytes(Charset.forName(ENCODING));
		Memory memory = new Memory(bytes.length + 1L);
		memory.write(0, bytes, 0, bytes.length);
		memory.setByte(bytes.length, (byte) 0);
		return memory;
	}

	private static void check(int error) throws SpawnException {
		if (error != 0) {
			throw new SpawnException(error, "error=" + error + ", posix_spawn set-up failed");
		}
	}

	private static native int posix_spawn_file_actions_init(Pointer actions);

	private static native int posix_spawn_file_actions_destroy(Pointer actions);

	private static native int posix_spawn_file_actions_adddup2(Pointer actions, int fd, int newfd);

	private static native int posix_spawn_file_actions_addclosefrom_np(Pointer actions, int from);

	private static native int posix_spawn_file_actions_addchdir_np(Pointer actions, Pointer path);

	private static native int posix_spawnattr_init(Pointer attributes);

	private static native int posix_spawnattr_destroy(Pointer attributes);

	private static native int posix_spawnattr_setflags(Pointer attributes, short flags);

	private static native int posix_spawnattr_setsigmask(Pointer attributes, Pointer mask);

	private static native int sigemptyset(Pointer set);

	private static native int posix_spawnp(Pointer pid, Pointer file, Pointer actions, Pointer attributes, Pointer argv,
			Pointer envp);

}
