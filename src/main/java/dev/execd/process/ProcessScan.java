package dev.execd.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The live processes of many Unix sessions in one pass over {@code /proc}, where asking
 * {@link ProcessTable#sessionMembers} for each session would scan the whole table once
 * per session.
 */
public final class ProcessScan {

	private ProcessScan() {
	}

	/**
	 * @param sids the session ids (their leaders' pids) wanted
	 * @return each wanted session's live members (zombies left out); a session without
	 * any is absent
	 */
	public static Map<Long, List<ProcessTable.Stat>> bySession(Set<Long> sids) {
		Map<Long, List<ProcessTable.Stat>> members = new HashMap<>();
		if (sids.isEmpty()) {
			return members;
		}
		String[] entries = Path.of("/proc").toFile().list();
		if (entries == null) {
			throw new IllegalStateException("Cannot list /proc");
		}
		for (String entry : entries) {
			if (!ProcessTable.isNumeric(entry)) {
				continue;
			}
			long pid = Long.parseLong(entry);
			// One getsid per process; only members are read in full.
			long sid = Libc.getsid(pid);
			if (sid > 0 && sids.contains(sid)) {
				ProcessTable.stat(pid)
					.filter((stat) -> stat.session() == sid && stat.isLive())
					.ifPresent((stat) -> members.computeIfAbsent(sid, (key) -> new ArrayList<>()).add(stat));
			}
		}
		return members;
	}

}
