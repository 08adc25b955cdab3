package dev.execd.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a process is and holds: its place in the session's tree, its command line, its
 * resource use and the sockets it listens on.
 *
 * @param pid the process id
 * @param ppid the parent's pid
 * @param pgid the process group
 * @param argv the command line ({@code /proc/<pid>/cmdline}); empty when unreadable
 * @param state the state letter as {@code ps} shows it: {@code R}, {@code S}, {@code D},
 * {@code T}, {@code t}, {@code I}
 * @param startedAt when it started, to the clock tick
 * @param cpuMs user and system CPU time it used
 * @param rssBytes its resident memory
 * @param ttyForeground whether it is in the foreground process group of its terminal
 * @param listening the sockets it holds open for listening, by port
 */
public record ProcessInfo(long pid, long ppid, long pgid, List<String> argv, String state, Instant startedAt,
		long cpuMs, long rssBytes, boolean ttyForeground, List<ProcNet.Socket> listening) {

	/** USER_HZ, the unit of the times in {@code /proc/<pid>/stat}: 100 on Linux. */
	public static final long TICKS_PER_SECOND = 100;

	private static final long PAGE_SIZE = Libc.pageSize();

	/**
	 * The processes of a session's members, by pid.
	 * @param members the members' stat lines
	 * @param listening the machine's listening sockets by inode
	 * ({@link ProcNet#listening})
	 */
	public static List<ProcessInfo> of(List<ProcessTable.Stat> members, Map<Long, ProcNet.Socket> listening) {
		Instant boot = Instant.now().minusMillis(ticksToMillis(ProcessTable.ticksSinceBoot()));
		List<ProcessInfo> processes = new ArrayList<>();
		for (ProcessTable.Stat stat : members) {
			List<ProcNet.Socket> sockets = ProcNet.socketsOf(stat.pid())
				.stream()
				.map(listening::get)
				.filter((socket) -> socket != null)
				.sorted(Comparator.comparingInt(ProcNet.Socket::port).thenComparing(ProcNet.Socket::protocol))
				.toList();
			processes.add(new ProcessInfo(stat.pid(), stat.ppid(), stat.pgrp(), argv(stat.pid()),
					String.valueOf(stat.state()), boot.plusMillis(ticksToMillis(stat.startTime())),
					ticksToMillis(stat.cpuTicks()), rssBytes(stat), stat.ttyNr() != 0 && stat.pgrp() == stat.tpgid(),
					sockets));
		}
		processes.sort(Comparator.comparingLong(ProcessInfo::pid));
		return processes;
	}

	public static long ticksToMillis(long ticks) {
		return ticks * 1000 / TICKS_PER_SECOND;
	}

	/** A process's resident memory in bytes. */
	public static long rssBytes(ProcessTable.Stat stat) {
		return stat.rssPages() * PAGE_SIZE;
	}

	private static List<String> argv(long pid) {
		byte[] bytes;
		try {
			bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
		}
		catch (IOException ex) {
			return List.of();
		}
		List<String> argv = new ArrayList<>();
		int start = 0;
		for (int i = 0; i <= bytes.length; i++) {
			if (i == bytes.length || bytes[i] == 0) {
				if (i > start || i < bytes.length) {
					argv.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
				}
				start = i + 1;
			}
		}
		return argv;
	}

}
