package dev.execd.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.jspecify.annotations.Nullable;

/**
 * Whether a session's foreground process is blocked reading its input, decided from
 * {@code /proc} rather than guessed from the output: the system call each process sleeps
 * in ({@code /proc/<pid>/syscall}), the file descriptors it waits on, and what those
 * resolve to. Any doubt (a file that cannot be read, a process that moved on mid-check)
 * answers false: a wait ended too early would lose output, one ended late only costs
 * time.
 */
public final class InputWaits {

	private final long leader;

	private final boolean tty;

	/** The terminal's slave device, found once the leader has it as its terminal. */
	private volatile @Nullable String stdin;

	private InputWaits(long leader, boolean tty, @Nullable String stdin) {
		this.leader = leader;
		this.tty = tty;
		this.stdin = stdin;
	}

	/**
	 * A detector for the session led by {@code leader}, a session leader that has just
	 * started. Its input is the stdin pipe its fd 0 is now, or its controlling terminal,
	 * looked up when first needed: a terminal's child becomes session leader before it
	 * opens the terminal.
	 * @return the detector, or empty when fd 0 is no pipe or the architecture's system
	 * calls are not known
	 */
	public static Optional<InputWaits> of(long leader, boolean tty) {
		if (Syscalls.current() == null) {
			return Optional.empty();
		}
		if (tty) {
			return Optional.of(new InputWaits(leader, true, null));
		}
		String target = ProcFiles.link(leader, 0);
		if (target == null || !target.startsWith("pipe:")) {
			return Optional.empty();
		}
		return Optional.of(new InputWaits(leader, false, target));
	}

	/**
	 * What the session's processes read their input from: {@code /dev/pts/N} or
	 * {@code pipe:[ino]}; null while a terminal is not known yet.
	 */
	public @Nullable String stdin() {
		String known = this.stdin;
		if (known == null && this.tty) {
			known = ProcessTable.stat(this.leader).map((stat) -> terminal(stat.ttyNr())).orElse(null);
			this.stdin = known;
		}
		return known;
	}

	/**
	 * The path of a pseudo-terminal slave from a {@code tty_nr}: Unix 98 slaves have
	 * majors 136 to 143, and the minor numbers them.
	 */
	static @Nullable String terminal(long ttyNr) {
		long major = (ttyNr >> 8) & 0xfff;
		long minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00);
		if (major < 136 || major > 143) {
			return null;
		}
		return "/dev/pts/" + ((major - 136) * 256 + minor);
	}

	/**
	 * Whether the foreground processes (a terminal's foreground process group, or every
	 * process of a pipe session) are blocked reading the session's input: at least one
	 * sleeps in a read, poll, select or epoll wait on it, and none is running.
	 */
	public boolean blocked() {
		List<ProcessTable.Stat> members = new ArrayList<>();
		for (long pid : ProcessTable.sessionMembers(this.leader)) {
			ProcessTable.stat(pid).ifPresent(members::add);
		}
		return blocked(members);
	}

	/**
	 * As {@link #blocked()}, given the session's members as a scan of many sessions at
	 * once just read them.
	 */
	public boolean blocked(List<ProcessTable.Stat> members) {
		Syscalls calls = Syscalls.current();
		String input = stdin();
		if (calls == null || input == null) {
			return false;
		}
		long group = -1;
		if (this.tty) {
			OptionalLong foreground = ProcessTable.foregroundGroup(this.leader);
			if (foreground.isEmpty()) {
				return false;
			}
			group = foreground.getAsLong();
		}
		boolean reading = false;
		for (ProcessTable.Stat stat : members) {
			if (this.tty && stat.pgrp() != group) {
				continue;
			}
			char state = stat.state();
			if (state == 'R') {
				return false;
			}
			if (state == 'S' && !reading) {
				reading = readsInput(calls, stat.pid(), input);
			}
		}
		return reading;
	}

	/** Whether one sleeping process waits to read the input; unchanged over the check. */
	private boolean readsInput(Syscalls calls, long pid, String input) {
		String before = ProcFiles.read(pid, "syscall");
		if (before == null) {
			return false;
		}
		String[] fields = before.strip().split(" ");
		if (fields.length < 7) {
			// "running", or "-1 sp pc": not in a system call
			return false;
		}
		long[] args = new long[7];
		try {
			for (int i = 0; i < 7; i++) {
				args[i] = Long.parseUnsignedLong(fields[i].replaceFirst("^0x", ""), (i == 0) ? 10 : 16);
			}
		}
		catch (NumberFormatException ex) {
			return false;
		}
		boolean waits;
		try {
			waits = waitsOnInput(calls.kind((int) args[0]), pid, args, input);
		}
		catch (IOException | RuntimeException ex) {
			return false;
		}
		return waits && before.equals(ProcFiles.read(pid, "syscall"));
	}

	private boolean waitsOnInput(Syscalls.Kind kind, long pid, long[] a, String input) throws IOException {
		return switch (kind) {
			case READ -> isInput(pid, a[1], input);
			case POLL -> pollsInput(pid, a[1], a[2], input);
			case SELECT -> selectsInput(pid, a[1], a[2], input);
			case EPOLL -> epollsInput(pid, a[1], input);
			case OTHER -> false;
		};
	}

	/** {@code struct pollfd {int fd; short events; short revents;}}, little-endian. */
	private boolean pollsInput(long pid, long address, long count, String input) throws IOException {
		if (count <= 0 || count > 4096) {
			return false;
		}
		byte[] fds = ProcFiles.memory(pid, address, (int) count * 8);
		for (int i = 0; i < count; i++) {
			int fd = ProcFiles.littleEndian(fds, i * 8, 4);
			int events = ProcFiles.littleEndian(fds, i * 8 + 4, 2);
			// POLLIN, POLLRDNORM
			if (fd >= 0 && (events & 0x41) != 0 && isInput(pid, fd, input)) {
				return true;
			}
		}
		return false;
	}

	/** A readfds bitmap of {@code nfds} bits, in longs. */
	private boolean selectsInput(long pid, long nfds, long readfds, String input) throws IOException {
		if (readfds == 0 || nfds <= 0 || nfds > 65536) {
			return false;
		}
		byte[] bits = ProcFiles.memory(pid, readfds, (int) ((nfds + 63) / 64) * 8);
		for (int fd = 0; fd < nfds; fd++) {
			if ((bits[fd / 8] & (1 << (fd % 8))) != 0 && isInput(pid, fd, input)) {
				return true;
			}
		}
		return false;
	}

	/** The epoll instance's targets: {@code tfd: N events: HEX ...} lines of fdinfo. */
	private boolean epollsInput(long pid, long epfd, String input) {
		String info = ProcFiles.read(pid, "fdinfo/" + epfd);
		if (info == null) {
			return false;
		}
		for (String line : info.split("\n")) {
			String[] words = line.strip().split("\\s+");
			if (words.length >= 4 && words[0].equals("tfd:") && words[2].equals("events:")) {
				long events = Long.parseLong(words[3], 16);
				// EPOLLIN
				if ((events & 0x1) != 0 && isInput(pid, Long.parseLong(words[1]), input)) {
					return true;
				}
			}
		}
		return false;
	}

	/** Whether a descriptor of the process is the session's input. */
	private boolean isInput(long pid, long fd, String input) {
		String target = ProcFiles.link(pid, fd);
		return target != null && (target.equals(input) || (this.tty && target.equals("/dev/tty")));
	}

}
