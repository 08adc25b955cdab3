package dev.execd.process;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The system calls a process can sleep in while it waits to read, by number, for the
 * architectures execd knows ({@code /proc/<pid>/syscall} gives only the number). Numbers
 * from the kernel's {@code arch/x86/entry/syscalls/syscall_64.tbl} and the generic table
 * ({@code include/uapi/asm-generic/unistd.h}) that aarch64 uses.
 */
final class Syscalls {

	/** How a call's arguments name what it waits on. */
	enum Kind {

		/** read, readv, pread64, preadv, preadv2: arg0 is the fd. */
		READ,
		/** poll, ppoll: arg0 points to {@code struct pollfd[arg1]}. */
		POLL,
		/** select, pselect6: arg0 is nfds, arg1 points to the read set. */
		SELECT,
		/** epoll_wait, epoll_pwait, epoll_pwait2: arg0 is the epoll fd. */
		EPOLL,
		/** Anything else. */
		OTHER

	}

	private static final Syscalls X86_64 = new Syscalls(Map.ofEntries(Map.entry(0, Kind.READ), Map.entry(19, Kind.READ),
			Map.entry(17, Kind.READ), Map.entry(295, Kind.READ), Map.entry(327, Kind.READ), Map.entry(7, Kind.POLL),
			Map.entry(271, Kind.POLL), Map.entry(23, Kind.SELECT), Map.entry(270, Kind.SELECT),
			Map.entry(232, Kind.EPOLL), Map.entry(281, Kind.EPOLL), Map.entry(441, Kind.EPOLL)));

	private static final Syscalls AARCH64 = new Syscalls(
			Map.ofEntries(Map.entry(63, Kind.READ), Map.entry(65, Kind.READ), Map.entry(67, Kind.READ),
					Map.entry(69, Kind.READ), Map.entry(286, Kind.READ), Map.entry(73, Kind.POLL),
					Map.entry(72, Kind.SELECT), Map.entry(22, Kind.EPOLL), Map.entry(441, Kind.EPOLL)));

	private static final @Nullable Syscalls CURRENT = switch (System.getProperty("os.arch", "")) {
		case "amd64", "x86_64" -> X86_64;
		case "aarch64", "arm64" -> AARCH64;
		default -> null;
	};

	private final Map<Integer, Kind> kinds;

	private Syscalls(Map<Integer, Kind> kinds) {
		this.kinds = kinds;
	}

	/** The table of the architecture the JVM runs on, or null when it is not known. */
	static @Nullable Syscalls current() {
		return CURRENT;
	}

	Kind kind(int number) {
		return this.kinds.getOrDefault(number, Kind.OTHER);
	}

}
