package dev.execd.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the Linux process table under {@code /proc}: the session, process group and state
 * of any process, not only of our children.
 */
public final class ProcessTable {

	private static final Path PROC = Path.of("/proc");

	// Fields after "comm)", counted from field 3 (state): see proc_pid_stat(5).
	private static final int STATE = 0;

	private static final int PPID = 1;

	private static final int PGRP = 2;

	private static final int SESSION = 3;

	private static final int TTY_NR = 4;

	private static final int TPGID = 5;

	private static final int UTIME = 11;

	private static final int CUTIME = 13;

	private static final int START_TIME = 19;

	private static final int RSS = 21;

	private ProcessTable() {
	}

	/**
	 * Read {@code /proc/<pid>/stat}.
	 * @param pid the process id
	 * @return the process's stat line, or empty if no such process exists
	 */
	public static Optional<Stat> stat(long pid) {
		byte[] bytes;
		try {
			bytes = Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat"));
		}
		catch (IOException ex) {
			// NoSuchFileException, or ESRCH when the process exits between open and read
			return Optional.empty();
		}
		// ISO-8859-1 maps every byte to one char: comm may hold any bytes, but only
		// the ASCII numbers after it are parsed.
		String line = new String(bytes, StandardCharsets.ISO_8859_1);
		// comm (field 2) is in parentheses and may itself contain spaces and ')',
		// e.g. "a) Z 1 2": only the last ')' ends it.
		int end = line.lastIndexOf(')');
		if (end < 0) {
			return Optional.empty();
		}
		String[] fields = line.substring(end + 1).strip().split(" ");
		if (fields.length <= RSS || fields[STATE].length() != 1) {
			throw new IllegalStateException("Unexpected /proc/" + pid + "/stat: " + line);
		}
		return Optional.of(new Stat(pid, fields[STATE].charAt(0), Long.parseLong(fields[PPID]),
				Long.parseLong(fields[PGRP]), Long.parseLong(fields[SESSION]), Long.parseLong(fields[TTY_NR]),
				Long.parseLong(fields[TPGID]), Long.parseLong(fields[START_TIME]),
				Long.parseLong(fields[UTIME]) + Long.parseLong(fields[UTIME + 1]),
				Long.parseLong(fields[CUTIME]) + Long.parseLong(fields[CUTIME + 1]), Long.parseLong(fields[RSS])));
	}

	/**
	 * List the live processes of a Unix session. A shell with job control puts jobs in
	 * process groups of their own, but they keep the session id, so this finds them where
	 * a process-group kill would not.
	 * @param sid the session id (the pid of its leader)
	 * @return the pids of every process of the session that is not a zombie
	 */
	public static List<Long> sessionMembers(long sid) {
		String[] entries = PROC.toFile().list();
		if (entries == null) {
			throw new IllegalStateException("Cannot list " + PROC);
		}
		List<Long> members = new ArrayList<>();
		for (String entry : entries) {
			if (isNumeric(entry)) {
				long pid = Long.parseLong(entry);
				// getsid is one system call where a stat read is three and a parse, and
				// a scan visits every process of the machine. Only members are read in
				// full, for their state. A process that exits mid-scan is skipped.
				if (Libc.getsid(pid) == sid) {
					stat(pid).filter((stat) -> stat.session() == sid && stat.isLive())
						.ifPresent((stat) -> members.add(stat.pid()));
				}
			}
		}
		return members;
	}

	/**
	 * Clock ticks since boot now, the unit of a {@link Stat#startTime()}. The kernel
	 * reports start times in USER_HZ, which is 100 on Linux.
	 */
	public static long ticksSinceBoot() {
		try {
			String uptime = Files.readString(PROC.resolve("uptime"));
			return (long) (Double.parseDouble(uptime.substring(0, uptime.indexOf(' '))) * 100);
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/**
	 * The session ids that have at least one process, in one scan: cheaper than asking
	 * for each session's members when most sessions are long gone.
	 */
	public static java.util.Set<Long> liveSessionIds() {
		String[] entries = PROC.toFile().list();
		if (entries == null) {
			throw new IllegalStateException("Cannot list " + PROC);
		}
		java.util.Set<Long> sids = new java.util.HashSet<>();
		for (String entry : entries) {
			if (isNumeric(entry)) {
				long sid = Libc.getsid(Long.parseLong(entry));
				if (sid > 0) {
					sids.add(sid);
				}
			}
		}
		return sids;
	}

	/**
	 * Whether a process exists and is not a zombie (a zombie has finished and only waits
	 * for its parent to collect its status).
	 * @param pid the process id
	 * @return whether the process is alive
	 */
	public static boolean isAlive(long pid) {
		return stat(pid).filter(Stat::isLive).isPresent();
	}

	/**
	 * Return the foreground process group of the terminal that a process has as its
	 * controlling terminal: where a keypress such as Ctrl-C sends its signal.
	 * @param pid the process id, usually a session leader
	 * @return the foreground process group id, or empty if the process has no controlling
	 * terminal or does not exist
	 */
	public static OptionalLong foregroundGroup(long pid) {
		return stat(pid).filter((stat) -> stat.tpgid() > 0)
			.map((stat) -> OptionalLong.of(stat.tpgid()))
			.orElse(OptionalLong.empty());
	}

	static boolean isNumeric(String name) {
		for (int i = 0; i < name.length(); i++) {
			if (name.charAt(i) < '0' || name.charAt(i) > '9') {
				return false;
			}
		}
		return !name.isEmpty();
	}

	/**
	 * The fields of {@code /proc/<pid>/stat} that execd uses.
	 *
	 * @param pid the process id
	 * @param state the state letter: {@code R}, {@code S}, {@code D}, {@code T},
	 * {@code Z} (zombie) and so on
	 * @param ppid the parent's pid
	 * @param pgrp the process group id
	 * @param session the session id
	 * @param ttyNr the controlling terminal's device number, 0 if none
	 * @param tpgid the foreground process group of the controlling terminal, -1 if none
	 * @param startTime when the process started, in clock ticks since boot: with the pid
	 * it identifies a process across pid reuse
	 * @param cpuTicks user and system time, in clock ticks
	 * @param childCpuTicks user and system time of the children it waited for
	 * @param rssPages resident set size, in pages (as in {@code statm})
	 */
	public record Stat(long pid, char state, long ppid, long pgrp, long session, long ttyNr, long tpgid, long startTime,
			long cpuTicks, long childCpuTicks, long rssPages) {

		boolean isLive() {
			// X (dead) is only ever seen for an instant while a process is released.
			return this.state != 'Z' && this.state != 'X';
		}

	}

}
