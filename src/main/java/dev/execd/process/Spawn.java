package dev.execd.process;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;

/**
 * Starts a session leader with one exec, the command's own: glibc's {@code posix_spawn}
 * (a clone sharing the JVM's memory, no JVM helper, no wrapper program), on descriptors
 * of execd's own, so no JDK reaper thread waits for it: the {@link ChildReaper} reaps it.
 * glibc's child ({@code __spawni_child} in {@code sysdeps/unix/sysv/linux/spawni.c})
 * does, in this order: every signal back to its default ({@code POSIX_SPAWN_SETSIGDEF}
 * with a full set), {@code setsid()} ({@code POSIX_SPAWN_SETSID}), the file actions (the
 * standard streams, {@code closefrom(3)}, the working directory), an empty signal mask,
 * the exec.
 * <p>
 * The reset matters because ignored signals survive an exec: a JVM started in the
 * background ignores SIGINT and SIGQUIT, one under {@code nohup} SIGHUP, and without it
 * Ctrl-C or a hang-up would do nothing to the child. The parent resumes only once the
 * child has exec'd or failed ({@code CLONE_VFORK}), so when this returns the child
 * already leads its session (its pid is the session id every termination sweeps), and a
 * failure of any step, the exec included, comes back as its errno. Needs glibc 2.34 or
 * later. Strings are encoded as the JDK encodes command lines ({@code sun.jnu.encoding}).
 */
final class Spawn {

	// Opaque glibc types, allocated generously: posix_spawn_file_actions_t is 80 bytes,
	// posix_spawnattr_t 336 and sigset_t 128 on x86_64 and aarch64.
	private static final int OPAQUE = 512;

	private static final short POSIX_SPAWN_SETSIGDEF = 0x04;

	private static final short POSIX_SPAWN_SETSIGMASK = 0x08;

	private static final short POSIX_SPAWN_SETSID = 0x80;

	private static final int ENOEXEC = 8;

	/** What {@code execvp} runs a file without {@code #!} or ELF header with. */
	private static final String SHELL = "/bin/sh";

	private static final String ENCODING = System.getProperty("sun.jnu.encoding", "UTF-8");

	static {
		Native.register(Spawn.class, "c");
	}

	private Spawn() {
	}

	/** How the child gets its standard streams: file actions run after the setsid. */
	@FunctionalInterface
	interface Streams {

		void add(Pointer actions) throws SpawnException;

	}

	/** Three descriptors of execd's as the child's stdin, stdout and stderr. */
	static Streams descriptors(int stdin, int stdout, int stderr) {
		return (actions) -> {
			check(posix_spawn_file_actions_adddup2(actions, stdin, 0));
			check(posix_spawn_file_actions_adddup2(actions, stdout, 1));
			check(posix_spawn_file_actions_adddup2(actions, stderr, 2));
		};
	}

	/**
	 * The terminal at {@code path}, opened by the child for reading and writing on 0 and
	 * duplicated onto 1 and 2: one open file, as a login gives. The leader of a new
	 * session, without a controlling terminal yet, opening it without {@code O_NOCTTY}
	 * makes it the session's controlling terminal.
	 */
	static Streams terminal(String path) {
		return (actions) -> {
			check(posix_spawn_file_actions_addopen(actions, 0, text(path), PtyCalls.O_RDWR, 0));
			check(posix_spawn_file_actions_adddup2(actions, 0, 1));
			check(posix_spawn_file_actions_adddup2(actions, 0, 2));
		};
	}

	/**
	 * Spawns the command of {@code spec} with exactly its environment, in its working
	 * directory, on {@code streams}. A name without a slash is looked up as
	 * {@link Executables} does; a path is the kernel's to resolve, after the chdir.
	 * @return the child's pid
	 * @throws SpawnException with the errno of a failed spawn
	 */
	static long start(LaunchSpec spec, Streams streams) throws SpawnException {
		List<String> argv = spec.command();
		String program = argv.get(0);
		if (!program.contains("/")) {
			Path found = Executables.find(program, spec.environment().get("PATH"), spec.workdir());
			if (found == null) {
				throw failed(SpawnException.ENOENT, program);
			}
			program = found.toString();
		}
		Memory actions = new Memory(OPAQUE);
		Memory attributes = new Memory(OPAQUE);
		Memory signals = new Memory(OPAQUE);
		Memory pid = new Memory(4);
		check(posix_spawn_file_actions_init(actions));
		try {
			check(posix_spawnattr_init(attributes));
			try {
				streams.add(actions);
				check(posix_spawn_file_actions_addclosefrom_np(actions, 3));
				check(posix_spawn_file_actions_addchdir_np(actions, text(spec.workdir().toString())));
				// glibc's sigfillset leaves out its own signals (32 and 33); the set is
				// copied into the attributes, so the memory serves both.
				sigfillset(signals);
				check(posix_spawnattr_setsigdefault(attributes, signals));
				sigemptyset(signals);
				check(posix_spawnattr_setsigmask(attributes, signals));
				check(posix_spawnattr_setflags(attributes,
						(short) (POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSID)));
				StringArray envp = new StringArray(spec.environment()
					.entrySet()
					.stream()
					.map((e) -> e.getKey() + "=" + e.getValue())
					.toArray(String[]::new), ENCODING);
				int error = posix_spawn(pid, text(program), actions, attributes,
						new StringArray(argv.toArray(String[]::new), ENCODING), envp);
				if (error == ENOEXEC) {
					// As execvp does: a file the kernel cannot exec is a script for sh.
					List<String> script = new ArrayList<>(List.of(SHELL, program));
					script.addAll(argv.subList(1, argv.size()));
					error = posix_spawn(pid, text(SHELL), actions, attributes,
							new StringArray(script.toArray(String[]::new), ENCODING), envp);
				}
				if (error != 0) {
					throw failed(error, argv.get(0));
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

	private static SpawnException failed(int errno, String program) {
		return new SpawnException(errno, "error=" + errno + ", posix_spawn of " + program + " failed");
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

	private static native int posix_spawn_file_actions_addopen(Pointer actions, int fd, Pointer path, int flags,
			int mode);

	private static native int posix_spawn_file_actions_addclosefrom_np(Pointer actions, int from);

	private static native int posix_spawn_file_actions_addchdir_np(Pointer actions, Pointer path);

	private static native int posix_spawnattr_init(Pointer attributes);

	private static native int posix_spawnattr_destroy(Pointer attributes);

	private static native int posix_spawnattr_setflags(Pointer attributes, short flags);

	private static native int posix_spawnattr_setsigdefault(Pointer attributes, Pointer signals);

	private static native int posix_spawnattr_setsigmask(Pointer attributes, Pointer mask);

	private static native int sigfillset(Pointer set);

	private static native int sigemptyset(Pointer set);

	private static native int posix_spawn(Pointer pid, Pointer path, Pointer actions, Pointer attributes, Pointer argv,
			Pointer envp);

}
